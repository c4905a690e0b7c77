import { type Chatbot, CHATBOT_LIMITS } from '@app/contracts/chatbots';
import type { LlmModel } from '@app/contracts/llm-models';
import { Alert, MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useCategories } from '../../../entities/categories';
import { useUpdateChatbot } from '../api/update-chatbot';
import { type FieldKit, SaveBar, Section, SliderField, ToolsSection } from './chatbot-form-sections';
import { type ChatbotField, chatbotFormErrors, chatbotFormValues, type ChatbotFormValues, chatbotPatch, rebaseFormValues } from '../lib/chatbot-form';

const counter = (value: string, max: number) => `${value.length.toLocaleString()} / ${max.toLocaleString()}`;

/** Models the member may use; the chatbot's own stays listed (greyed) when it is no longer one of them. */
function modelOptions(models: Array<LlmModel | Chatbot['llm_model']>, chatbot: Chatbot, t: TFunction) {
  return models
    .filter((m) => m.is_available || m.id === chatbot.llm_model.id)
    .map((m) => {
      const name = m.provider === 'offline' ? t('chat:offlineDemo.name') : m.display_name;
      return { value: String(m.id), label: m.is_available ? name : t('form.modelUnavailable', { name }), disabled: !m.is_available };
    });
}

type TextFieldName = 'ko_name' | 'en_name' | 'ko_key_features' | 'en_key_features' | 'system_instructions';
interface TextFieldProps {
  value: string;
  onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  error: string | undefined;
}

/** Names and key features, in both languages. */
function BasicsSection({ values, field }: { values: ChatbotFormValues; field: (f: TextFieldName) => TextFieldProps }) {
  const { t } = useTranslation('studio');
  return (
    <Section title={t('form.basics')}>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t('form.koName')} placeholder={t('form.koNamePlaceholder')} data-testid="chatbot-ko-name" {...field('ko_name')} />
        <TextInput label={t('form.enName')} placeholder={t('form.enNamePlaceholder')} data-testid="chatbot-en-name" {...field('en_name')} />
      </SimpleGrid>
      <Textarea
        label={t('form.koFeatures')}
        description={counter(values.ko_key_features, CHATBOT_LIMITS.keyFeaturesMax)}
        autosize
        minRows={2}
        maxRows={6}
        data-testid="chatbot-ko-features"
        {...field('ko_key_features')}
      />
      <Textarea
        label={t('form.enFeatures')}
        description={counter(values.en_key_features, CHATBOT_LIMITS.keyFeaturesMax)}
        autosize
        minRows={2}
        maxRows={6}
        data-testid="chatbot-en-features"
        {...field('en_key_features')}
      />
    </Section>
  );
}

/**
 * The chatbot's settings (PATCH /chatbots/{id}/ with what changed): names, key features, system
 * instructions, model, temperature, top_p, categories, tools and the step limit. Each changed field is checked by the
 * contract's schema; errors show once a field was left or on a save attempt. `before` and `after`
 * frame it with the parts that save on their own (image, publishing, documents).
 */
export function ChatbotForm({
  chatbot,
  models,
  before,
  after,
}: {
  chatbot: Chatbot;
  models: LlmModel[] | null;
  /** Given whether the form has unsaved changes (publishing asks for the saved draft). */
  before?: (dirty: boolean) => ReactNode;
  after?: ReactNode;
}) {
  const { t, i18n } = useTranslation('studio');
  const [values, setValues] = useState<ChatbotFormValues>(() => chatbotFormValues(chatbot));
  // What the form was last given; a newer chatbot (state adjusted while rendering) carries the untouched fields along.
  const [base, setBase] = useState<{ chatbot: Chatbot; values: ChatbotFormValues }>(() => ({ chatbot, values: chatbotFormValues(chatbot) }));
  if (base.chatbot !== chatbot) {
    const next = chatbotFormValues(chatbot);
    setBase({ chatbot, values: next });
    setValues((v) => rebaseFormValues(v, base.values, next));
  }
  const [touched, setTouched] = useState<Set<ChatbotField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ChatbotField, string>>>({});
  const categories = useCategories();
  const update = useUpdateChatbot();

  const patch = chatbotPatch(values, chatbot);
  const dirty = Object.keys(patch).length > 0;
  const errors = chatbotFormErrors(values, chatbot);

  // Leaving with unsaved changes asks first: closing the tab or reloading (the browser's prompt),
  // another page of the app (in the save bar).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const errorOf = (f: ChatbotField) => {
    if (serverErrors[f]) return serverErrors[f];
    const e = errors[f];
    return e && (attempted || touched.has(f)) ? t(e.key, e.values ?? {}) : undefined;
  };
  const set = <K extends ChatbotField>(f: K, v: ChatbotFormValues[K]) => {
    setValues((old) => ({ ...old, [f]: v }));
    if (serverErrors[f]) setServerErrors((old) => ({ ...old, [f]: undefined }));
  };
  const touch = (f: ChatbotField) => setTouched((old) => (old.has(f) ? old : new Set(old).add(f)));
  const field = (f: TextFieldName): TextFieldProps => ({
    value: values[f],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(f, e.currentTarget.value),
    onBlur: () => touch(f),
    error: errorOf(f),
  });
  const kit: FieldKit = { values, set, touch, errorOf };

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (!dirty || Object.keys(errors).length > 0) return;
    update.mutate(
      { id: chatbot.id, body: patch },
      {
        onSuccess: (saved) => {
          setValues(chatbotFormValues(saved));
          setTouched(new Set());
          setAttempted(false);
          notifications.show({ color: 'green', message: t('toast.saved') });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'model_not_allowed') setServerErrors({ llm_model_id: t('form.errors.modelNotAllowed') });
          notifications.show({ color: 'red', title: t('toast.saveFailed'), message: errorMessage(t, err) });
        },
      },
    );
  };

  const reset = () => {
    setValues(chatbotFormValues(chatbot));
    setTouched(new Set());
    setAttempted(false);
    setServerErrors({});
  };

  const modelData = modelOptions(models ?? [chatbot.llm_model], chatbot, t);
  const currentUnavailable = !chatbot.llm_model.is_available && values.llm_model_id === String(chatbot.llm_model.id);
  const categoryData = (categories.data?.items ?? chatbot.categories).map((c) => ({ value: String(c.id), label: localizedName(c, i18n.language) }));

  return (
    <form onSubmit={save} noValidate data-testid="chatbot-form">
      <Stack gap="md">
        {before?.(dirty)}
        <BasicsSection values={values} field={field} />
        <Section title={t('form.behaviour')}>
          <Textarea
            label={t('form.instructions')}
            description={`${t('form.instructionsHint')} · ${counter(values.system_instructions, CHATBOT_LIMITS.instructionsMax)}`}
            placeholder={t('form.instructionsPlaceholder')}
            autosize
            minRows={6}
            maxRows={18}
            data-testid="chatbot-instructions"
            {...field('system_instructions')}
          />
          <Select
            label={t('form.model')}
            data={modelData}
            value={values.llm_model_id}
            onChange={(v) => {
              set('llm_model_id', v);
              touch('llm_model_id');
            }}
            allowDeselect={false}
            error={errorOf('llm_model_id')}
            comboboxProps={{ withinPortal: true }}
            data-testid="chatbot-model"
          />
          {currentUnavailable ? (
            <Alert color="yellow" variant="light" p="xs" icon={<IconInfoCircle size={16} />} data-testid="model-unavailable">
              {t('form.modelUnavailableHint')}
            </Alert>
          ) : null}
          <SliderField kit={kit} f="temperature" min={CHATBOT_LIMITS.temperatureMin} max={CHATBOT_LIMITS.temperatureMax} />
          <SliderField kit={kit} f="top_p" min={CHATBOT_LIMITS.topPMin} max={CHATBOT_LIMITS.topPMax} />
          <MultiSelect
            label={t('form.categories')}
            description={t('form.categoriesHint', { max: CHATBOT_LIMITS.categoriesMax })}
            placeholder={values.category_ids.length ? undefined : t('form.categoriesPlaceholder')}
            data={categoryData}
            value={values.category_ids}
            onChange={(v) => {
              set('category_ids', v);
              touch('category_ids');
            }}
            maxValues={CHATBOT_LIMITS.categoriesMax}
            clearable
            error={errorOf('category_ids')}
            data-testid="chatbot-categories"
          />
        </Section>
        <ToolsSection kit={kit} />
        {after}
        <SaveBar dirty={dirty} blocker={blocker} pending={update.isPending} onReset={reset} />
      </Stack>
    </form>
  );
}
