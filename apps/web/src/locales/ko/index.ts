/** Every namespace of this language, as one chunk that lib/i18n.ts loads when the language is chosen. */
export default import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
