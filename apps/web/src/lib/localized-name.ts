/** Tenant data named in both languages (groups, custom fields, policies): Korean for ko, English otherwise. */
export function localizedName(item: { ko_name: string; en_name: string }, language: string): string {
  return language === 'ko' ? item.ko_name || item.en_name : item.en_name || item.ko_name;
}
