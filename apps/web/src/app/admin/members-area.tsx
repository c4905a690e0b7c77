/** Console "Members": tabs for all members, pending requests and invited members (being built). */
export function MembersArea() {
  return null;
}
