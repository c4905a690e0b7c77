import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postMultipart } from './post-multipart';
import { chatbotChanged } from './refresh-chatbot';

/** POST /chatbots/{id}/profile-image/ (field `file`): the platform stores it as a square WebP and answers the chatbot. */
export function uploadProfileImage(id: number, image: Blob) {
  const form = new FormData();
  form.append('file', image, 'profile.png');
  return postMultipart(routes.chatbots.uploadImage, { id }, form);
}

export function useUploadProfileImage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: ({ id, image }: { id: number; image: Blob }) => uploadProfileImage(id, image), onSuccess: (c) => chatbotChanged(qc, c) });
}
