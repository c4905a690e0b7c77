import { ActionIcon, Badge, Button, Center, Group, Pagination, Paper, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClipboardList, IconPlus, IconSearch, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { duplicateOf, filterWords, RESTRICTED_WORDS_MAX, summarisePaste, WORD_MAX_LENGTH, wordProblem } from '../lib/words';

const PAGE_SIZE = 20;

interface Props {
  words: string[];
  /** The words as saved, to mark the ones added since. */
  savedWords: string[];
  onChange: (words: string[]) => void;
}

/** Adding one word, pasting a list, and the list itself with search and removal. */
export function WordsSection({ words, savedWords, onChange }: Props) {
  const { t, i18n } = useTranslation('restricted-words');
  const number = (n: number) => n.toLocaleString(i18n.language);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="restricted-words-heading">
      <Stack gap="md">
        <div>
          <Title order={3} id="restricted-words-heading">
            {t('words.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('words.description')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <AddWord words={words} onAdd={(w) => onChange([...words, w])} />
          <PasteWords words={words} onAdd={(added) => onChange([...words, ...added])} />
        </SimpleGrid>
        <WordList words={words} savedWords={savedWords} onRemove={(w) => onChange(words.filter((x) => x !== w))} count={t('words.count', { count: words.length, n: number(words.length), max: number(RESTRICTED_WORDS_MAX) })} />
      </Stack>
    </Paper>
  );
}

function AddWord({ words, onAdd }: { words: string[]; onAdd: (word: string) => void }) {
  const { t } = useTranslation('restricted-words');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const word = value.trim();
    const problem = wordProblem(word, words);
    if (problem === 'empty') return setError(t('add.errors.empty'));
    if (problem === 'tooLong') return setError(t('add.errors.tooLong', { max: WORD_MAX_LENGTH }));
    if (problem === 'full') return setError(t('add.errors.full', { max: RESTRICTED_WORDS_MAX.toLocaleString() }));
    if (problem === 'duplicate') {
      const existing = duplicateOf(word, words) ?? word;
      return setError(existing === word ? t('add.errors.duplicate', { word }) : t('add.errors.duplicateAs', { word, existing }));
    }
    onAdd(word);
    setValue('');
    setError(null);
  };

  return (
    <Stack gap={6}>
      <Text fw={600} size="sm" component="label" htmlFor="restricted-word-input">
        {t('add.label')}
      </Text>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          id="restricted-word-input"
          flex={1}
          placeholder={t('add.placeholder')}
          value={value}
          error={error}
          maxLength={WORD_MAX_LENGTH + 20}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              add();
            }
          }}
          data-testid="restricted-word-input"
        />
        <Button leftSection={<IconPlus size={16} />} onClick={add} data-testid="restricted-word-add">
          {t('add.button')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('add.hint')}
      </Text>
    </Stack>
  );
}

function PasteWords({ words, onAdd }: { words: string[]; onAdd: (words: string[]) => void }) {
  const { t } = useTranslation('restricted-words');
  const [text, setText] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const summary = useMemo(() => summarisePaste(text, words), [text, words]);
  const skipped = summary.duplicates.length;

  const add = () => {
    if (summary.added.length === 0) return;
    onAdd(summary.added);
    setResult(t('paste.result', { count: summary.added.length, skipped }));
    setText('');
  };

  return (
    <Stack gap={6}>
      <Textarea
        label={t('paste.label')}
        placeholder={t('paste.placeholder')}
        autosize
        minRows={2}
        maxRows={8}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setResult(null);
        }}
        data-testid="restricted-words-paste"
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="restricted-words-paste-summary">
          {text.trim()
            ? [
                t('paste.new', { count: summary.added.length }),
                skipped ? t('paste.duplicates', { count: skipped }) : null,
                summary.tooLong.length ? t('paste.tooLong', { count: summary.tooLong.length, max: WORD_MAX_LENGTH }) : null,
                summary.overLimit.length ? t('paste.overLimit', { count: summary.overLimit.length }) : null,
              ]
                .filter(Boolean)
                .join(' · ')
            : (result ?? t('paste.hint'))}
        </Text>
        <Button variant="light" leftSection={<IconClipboardList size={16} />} disabled={summary.added.length === 0} onClick={add} data-testid="restricted-words-paste-add">
          {summary.added.length > 0 ? t('paste.button', { count: summary.added.length }) : t('paste.add')}
        </Button>
      </Group>
    </Stack>
  );
}

function WordList({ words, savedWords, onRemove, count }: { words: string[]; savedWords: string[]; onRemove: (word: string) => void; count: string }) {
  const { t } = useTranslation('restricted-words');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const saved = useMemo(() => new Set(savedWords), [savedWords]);
  // Newest first: a word just added is at the top of the first page.
  const shown = useMemo(() => filterWords(words, debounced).reverse(), [words, debounced]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return (
    <Paper withBorder radius="md">
      <Group px="md" py="sm" justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          aria-label={t('list.search')}
          placeholder={t('list.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 280 }}
          data-testid="restricted-words-search"
        />
        <Text fw={600} size="sm" data-testid="restricted-words-count">
          {count}
        </Text>
      </Group>
      {rows.length === 0 ? (
        <Center py={40} px="md">
          <Stack align="center" gap={4} data-testid="restricted-words-empty">
            <IconShieldOff size={32} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed" ta="center">
              {debounced.trim() && words.length > 0 ? t('list.noMatch') : t('list.empty')}
            </Text>
          </Stack>
        </Center>
      ) : (
        <Table verticalSpacing="xs" highlightOnHover data-testid="restricted-words-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.word')}</Table.Th>
              <Table.Th w={60}>
                <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((w) => (
              <Table.Tr key={w} data-testid="restricted-word-row">
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid="restricted-word">
                      {w}
                    </Text>
                    {saved.has(w) ? null : (
                      <Badge size="xs" variant="light" color="orange">
                        {t('list.new')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <ActionIcon variant="subtle" color="red" aria-label={t('list.remove', { word: w })} onClick={() => onRemove(w)} data-testid="restricted-word-remove">
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 ? (
        <Group justify="center" py="sm">
          <Pagination total={pages} value={current} onChange={setPage} size="sm" data-testid="restricted-words-pagination" />
        </Group>
      ) : null}
    </Paper>
  );
}
