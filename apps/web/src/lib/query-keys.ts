/** Query keys shared across features, so one feature's mutation can refresh another's lists. */
export const queryKeys = {
  tenant: ['tenant'] as const,
  member: (id: number) => ['member', id] as const,
  creditCheck: (memberId: number) => ['credit-check', memberId] as const,
  usage: (memberId: number) => ['usage', memberId] as const,
  llmModels: ['llm-models'] as const,
  /** The built-in tools the member's groups may use (the studio's tool switches). */
  tools: ['tools'] as const,
  categories: ['categories'] as const,
  chatbots: (params: object = {}) => ['chatbots', params] as const,
  chatbot: (id: number) => ['chatbot', id] as const,
  sessions: ['sessions'] as const,
  session: (hash: string) => ['session', hash] as const,
  history: (hash: string) => ['history', hash] as const,
  announcements: ['announcements'] as const,
  memberGroups: ['member-groups'] as const,
  customFields: ['custom-fields'] as const,
  policies: ['policies'] as const,
  signUpSettings: ['sign-up-settings'] as const,
  invitations: ['invitations'] as const,
  /** The console's member lists (pending requests among them): approving changes the seat count too. */
  adminMembers: ['admin-members'] as const,
  /** The console's group list, the model-per-group matrix and this month's usage per group. */
  adminMemberGroups: ['admin-member-groups'] as const,
  adminLlmModels: ['admin-llm-models'] as const,
  /** The tool-per-group matrix (decision 050). */
  adminTools: ['admin-tools'] as const,
  memberGroupUsage: ['member-group-usage'] as const,
  /** The rows per request of a bulk-invite file. */
  bulkInviteSettings: ['bulk-invite-settings'] as const,
  /** The console's restricted words and privacy mode (spec §3). */
  restrictedWords: ['restricted-words'] as const,
  /** The console's SSO platforms (the SSO console and the invitations). */
  adminSsoPlatforms: ['admin', 'sso-platforms'] as const,
};
