import { LanguageSwitch } from '../components/language-switch';
import { useUpdateMember } from '../features/members/api/update-member';
import { useAuth } from '../lib/use-auth';

/** The language switch; a signed-in member's choice is also saved to their record. */
export function MemberLanguageSwitch({ compact }: { compact?: boolean }) {
  const { member } = useAuth();
  const update = useUpdateMember();
  return (
    <LanguageSwitch
      compact={compact}
      onChange={(lng) => {
        if (member && member.language !== lng) update.mutate({ id: member.id, body: { language: lng } });
      }}
    />
  );
}
