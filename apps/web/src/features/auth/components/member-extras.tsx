import type { CustomField, Policy } from '@app/contracts/sign-up-settings';
import type { GetInputPropsReturnType } from '@mantine/form';
import { CustomFieldInputs } from '../../../components/custom-field-inputs';
import { PolicyAgreements } from './policy-agreements';

/** The tenant's sign-up fields and the policies to agree to, at the foot of sign-up and of an invitation. */
export function MemberExtras(p: {
  fields: CustomField[];
  policies: Policy[];
  inputProps: (fieldId: number) => GetInputPropsReturnType;
  agreements: number[];
  onAgreements: (ids: number[]) => void;
  agreementsError: unknown;
}) {
  return (
    <>
      <CustomFieldInputs fields={p.fields} inputProps={p.inputProps} />
      <PolicyAgreements policies={p.policies} value={p.agreements} onChange={p.onAgreements} error={typeof p.agreementsError === 'string' ? p.agreementsError : null} />
    </>
  );
}
