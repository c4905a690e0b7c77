import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { useChatbot } from '../../entities/chatbots';
import { useLlmModels } from '../../entities/llm-models';
import { StudioEditor } from '../../features/studio/components/studio-editor';
import { StudioList } from '../../features/studio/components/studio-list';
import { useAuth } from '../../lib/use-auth';

/**
 * The studio's editor with the chat feature's test chat beside it. The test session lives here, not
 * in the URL: it stays out of My sessions, and "restart" starts a new one (a new key clears the screen).
 */
function StudioEditorPage({ chatbotId, memberId }: { chatbotId: number; memberId: number }) {
  const { t } = useTranslation('studio');
  const bot = useChatbot(chatbotId);
  const models = useLlmModels();
  const [test, setTest] = useState<{ run: number; hash: string | undefined }>({ run: 0, hash: undefined });

  return (
    <StudioEditor
      memberId={memberId}
      chatbot={bot.data}
      error={bot.error}
      models={models.data?.items ?? null}
      testStarted={test.hash !== undefined}
      onRestartTest={() => setTest((old) => ({ run: old.run + 1, hash: undefined }))}
      testChat={
        <ChatScreen
          key={`${chatbotId}-${test.run}`}
          mode="test"
          chatbot={bot.data}
          models={models.data?.items ?? null}
          sessionHashId={test.hash}
          sessionTitle={test.hash ? t('test.session') : null}
          onSessionStarted={(meta) => setTest((old) => ({ ...old, hash: meta.session_hash_id }))}
        />
      }
    />
  );
}

/** /dashboard/studio (the member's chatbots) and /dashboard/studio/{id} (one of them in the editor). */
export default function StudioPage() {
  const params = useParams();
  const { member } = useAuth();
  if (!member) return <PageSkeleton />;
  const id = params.chatbotId && /^\d+$/.test(params.chatbotId) ? Number(params.chatbotId) : undefined;
  return id === undefined ? <StudioList memberId={member.id} /> : <StudioEditorPage key={id} chatbotId={id} memberId={member.id} />;
}
