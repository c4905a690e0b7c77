import { useParams } from 'react-router';
import { ChatScreen } from '../../features/chat/components/chat-screen';

export default function ChatPage() {
  const { chatbotId, sessionHashId } = useParams();
  const id = chatbotId && /^\d+$/.test(chatbotId) ? Number(chatbotId) : undefined;
  return <ChatScreen chatbotId={id} sessionHashId={sessionHashId} />;
}
