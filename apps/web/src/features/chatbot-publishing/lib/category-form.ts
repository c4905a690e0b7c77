/** The contract's category names: 1 to 50 characters once trimmed (contracts/categories.ts categoryBody). */
export const CATEGORY_NAME_MAX = 50;

export function categoryNameError(v: string): 'required' | 'tooLong' | null {
  const s = v.trim();
  if (!s) return 'required';
  if (s.length > CATEGORY_NAME_MAX) return 'tooLong';
  return null;
}
