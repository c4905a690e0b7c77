/** Console "Groups" (being built). */
export function GroupsPage() {
  return null;
}
