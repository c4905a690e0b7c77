import { Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { useChatbot } from '../../entities/chatbots';
import { useChatbots } from '../../features/chatbots/api/list-chatbots';
import { useLlmModels } from '../../entities/llm-models';
import { CreditWarning } from '../../features/credits/components/credit-warning';

// The purchase modal loads when a member opens it: it stays out of the chat's first load.
const CreditPurchaseModal = lazy(() => import('../../features/billing/components/credit-purchase-modal').then((m) => ({ default: m.CreditPurchaseModal })));
import { useSession } from '../../features/sessions/api/get-session';
import { SessionActions } from '../../features/sessions/components/session-actions';
import { ShareSessionButton } from '../../features/sessions/components/share-modal';
import { useTitleAfterFirstAnswer } from '../../features/sessions/hooks/use-title-after-first-answer';
import { useMarkRecent } from '../../features/store/hooks/use-mark-recent';
import { useTaskModes } from '../../features/task-modes/api/list-task-modes';
import { statusOf } from '../../lib/status-messages';
import { useAuth } from '../../lib/use-auth';

// What is shown instead of the chat when it cannot be opened loads only then: the chat's initial load stays small.
const RestrictedAccessPage = lazy(() => import('./restricted-access-page'));
const ChatbotUnavailable = lazy(() => import('../../features/chat/components/chatbot-unavailable').then((m) => ({ default: m.ChatbotUnavailable })));

/** Refusals that say the member may not see it (or it is not there for them), not that something failed. */
const refused = (err: unknown) => [403, 404].includes(statusOf(err) ?? 0);

/** The chat route: the chat feature, given its chatbot and models, the open session, its actions and the credit warning. */
export default function ChatPage() {
  const params = useParams();
  const navigate = useNavigate();
  const { member } = useAuth();
  const [buying, setBuying] = useState(false);
  const chatbots = useChatbots();
  const listed = chatbots.data?.items ?? [];
  // Without a chatbot in the URL, the first default chatbot.
  const chatbotId = params.chatbotId && /^\d+$/.test(params.chatbotId) ? Number(params.chatbotId) : listed.find((c) => c.is_default)?.id;
  const bot = useChatbot(chatbotId);
  useMarkRecent(bot.data);
  const models = useLlmModels();
  const taskModes = useTaskModes();
  const hash = params.sessionHashId;
  const session = useSession(hash);
  const titleSession = useTitleAfterFirstAnswer();
  const lowCostAvailable = listed.some((c) => c.llm_model.is_low_llm && c.llm_model.is_available);

  // A chatbot or session the member may not see: the restricted-access page, at the URL they opened.
  const restricted = bot.isError && refused(bot.error) ? 'chatbot' : session.isError && refused(session.error) ? 'session' : null;
  if (restricted || bot.isError) {
    return <Suspense fallback={<PageSkeleton />}>{restricted ? <RestrictedAccessPage reason={restricted} /> : <ChatbotUnavailable gone={false} />}</Suspense>;
  }
  return (
    <ChatScreen
      chatbot={bot.data}
      models={models.data?.items ?? null}
      taskModes={taskModes.data?.items}
      sessionHashId={hash}
      sessionTitle={session.data?.title}
      onSessionStarted={(meta) => navigate(`/dashboard/chat/${meta.chatbot_id}/${meta.session_hash_id}`, { replace: true })}
      onFirstAnswer={titleSession}
      sessionActions={(open) => (
        <Group gap={4} wrap="nowrap">
          <ShareSessionButton hash={open.hash} />
          <SessionActions hash={open.hash} title={open.title} onDeleted={() => navigate(`/dashboard/chat/${chatbotId ?? ''}`)} />
        </Group>
      )}
      notice={
        member ? (
          <>
            <CreditWarning memberId={member.id} lowCostAvailable={lowCostAvailable} onBuy={() => setBuying(true)} />
            {buying ? (
              <Suspense fallback={null}>
                <CreditPurchaseModal opened onClose={() => setBuying(false)} />
              </Suspense>
            ) : null}
          </>
        ) : null
      }
    />
  );
}
