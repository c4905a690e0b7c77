import { type Chatbot, CHATBOT_LIMITS } from '@app/contracts/chatbots';
import type { LlmModel } from '@app/contracts/llm-models';
import { BUILTIN_TOOLS, type BuiltinTool, TOOL_LIMITS, type ToolUnavailableReason } from '@app/contracts/tools';
import { Alert, Button, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Slider, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useCategories } from '../../../entities/categories';
import { useTools } from '../api/list-tools';
import { useUpdateChatbot } from '../api/update-chatbot';
import { type ChatbotField, chatbotFormErrors, chatbotFormValues, type ChatbotFormValues, chatbotPatch, rebaseFormValues } from '../lib/chatbot-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

const counter = (value: string, max: number) => `${value.length.toLocaleString()} / ${max.toLocaleString()}`;

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
  const tools = useTools();
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
  const leaving = blocker.state === 'blocked';
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
  const field = (f: 'ko_name' | 'en_name' | 'ko_key_features' | 'en_key_features' | 'system_instructions') => ({
    value: values[f],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(f, e.currentTarget.value),
    onBlur: () => touch(f),
    error: errorOf(f),
  });

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

  // Models the member may use; the chatbot's own stays listed (greyed) when it is no longer one of them.
  const modelData = (models ?? [chatbot.llm_model])
    .filter((m) => m.is_available || m.id === chatbot.llm_model.id)
    .map((m) => {
      const name = m.provider === 'offline' ? t('chat:offlineDemo.name') : m.display_name;
      return { value: String(m.id), label: m.is_available ? name : t('form.modelUnavailable', { name }), disabled: !m.is_available };
    });
  const currentUnavailable = !chatbot.llm_model.is_available && values.llm_model_id === String(chatbot.llm_model.id);
  const categoryData = (categories.data?.items ?? chatbot.categories).map((c) => ({ value: String(c.id), label: localizedName(c, i18n.language) }));

  // The number to type and the slider to drag, one value; the typed one is what the contract checks.
  const numberField = (f: 'temperature' | 'top_p', min: number, max: number) => {
    const label = t(`form.${f}`);
    const n = typeof values[f] === 'number' ? values[f] : Number(values[f]) || 0;
    return (
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm" fw={500} component="label" htmlFor={`chatbot-${f}`}>
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`form.${f}Hint`)}
            </Text>
          </div>
          <NumberInput
            id={`chatbot-${f}`}
            w={92}
            min={min}
            max={max}
            step={0.1}
            decimalScale={2}
            clampBehavior="none"
            value={values[f]}
            onChange={(v) => set(f, v)}
            onBlur={() => touch(f)}
            error={Boolean(errorOf(f))}
            aria-describedby={errorOf(f) ? `chatbot-${f}-error` : undefined}
            data-testid={`chatbot-${f.replace('_', '-')}`}
          />
        </Group>
        <Slider
          min={min}
          max={max}
          step={0.05}
          value={Math.min(max, Math.max(min, n))}
          onChange={(v) => set(f, Math.round(v * 100) / 100)}
          onChangeEnd={() => touch(f)}
          thumbLabel={label}
          marks={[
            { value: min, label: String(min) },
            { value: (min + max) / 2, label: String((min + max) / 2) },
            { value: max, label: String(max) },
          ]}
          label={(v) => v.toFixed(2)}
          mb="md"
        />
        {errorOf(f) ? (
          <Text size="xs" c="red" id={`chatbot-${f}-error`} data-testid={`chatbot-${f.replace('_', '-')}-error`}>
            {errorOf(f)}
          </Text>
        ) : null}
      </Stack>
    );
  };

  /**
   * Why the member cannot switch a tool on (their group, or the platform lacks it), null when they
   * can. Until the member's tools are known every switch works; the server has the last word on a save.
   */
  const blocked = (tool: BuiltinTool): ToolUnavailableReason | null => {
    const item = tools.data?.items.find((x) => x.tool === tool);
    return !item || item.is_available ? null : (item.reason ?? 'group');
  };
  const setTool = (tool: BuiltinTool, on: boolean) => {
    set('tools', BUILTIN_TOOLS.filter((x) => (x === tool ? on : values.tools.includes(x))));
    touch('tools');
  };

  return (
    <form onSubmit={save} noValidate data-testid="chatbot-form">
      <Stack gap="md">
        {before?.(dirty)}
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
          {numberField('temperature', CHATBOT_LIMITS.temperatureMin, CHATBOT_LIMITS.temperatureMax)}
          {numberField('top_p', CHATBOT_LIMITS.topPMin, CHATBOT_LIMITS.topPMax)}
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
        <Section title={t('form.tools.title')}>
          <Text size="sm" c="dimmed">
            {t('form.tools.description')}
          </Text>
          <Stack gap="sm" data-testid="chatbot-tools">
            {BUILTIN_TOOLS.map((tool) => {
              const on = values.tools.includes(tool);
              const reason = blocked(tool);
              const allowed = reason === null;
              const hint = t(`form.tools.hints.${tool}`);
              return (
                <Switch
                  key={tool}
                  label={t(`form.tools.names.${tool}`)}
                  description={allowed ? hint : `${hint} ${t(reason === 'group' ? 'form.tools.notAllowed' : 'form.tools.notConfigured')}`}
                  checked={on}
                  // A tool the member may no longer use can still be switched off, not on.
                  disabled={!allowed && !on}
                  onChange={(e) => setTool(tool, e.currentTarget.checked)}
                  data-testid={`chatbot-tool-${tool}`}
                  data-allowed={allowed}
                  data-reason={reason ?? undefined}
                />
              );
            })}
          </Stack>
          {errorOf('tools') ? (
            <Text size="xs" c="red" data-testid="chatbot-tools-error">
              {errorOf('tools')}
            </Text>
          ) : null}
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" fw={500} component="label" htmlFor="chatbot-max-tool-steps">
                {t('form.tools.steps')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('form.tools.stepsHint', { min: TOOL_LIMITS.stepsMin, max: TOOL_LIMITS.stepsMax, default: TOOL_LIMITS.stepsDefault })}
              </Text>
            </div>
            <NumberInput
              id="chatbot-max-tool-steps"
              w={92}
              min={TOOL_LIMITS.stepsMin}
              max={TOOL_LIMITS.stepsMax}
              step={1}
              allowDecimal={false}
              clampBehavior="none"
              value={values.max_tool_steps}
              onChange={(v) => set('max_tool_steps', v)}
              onBlur={() => touch('max_tool_steps')}
              error={Boolean(errorOf('max_tool_steps'))}
              aria-describedby={errorOf('max_tool_steps') ? 'chatbot-max-tool-steps-error' : undefined}
              data-testid="chatbot-max-tool-steps"
            />
          </Group>
          {errorOf('max_tool_steps') ? (
            <Text size="xs" c="red" id="chatbot-max-tool-steps-error" data-testid="chatbot-max-tool-steps-error">
              {errorOf('max_tool_steps')}
            </Text>
          ) : null}
        </Section>
        {after}
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow={dirty ? 'md' : undefined}
          style={{ position: 'sticky', bottom: 8, zIndex: 2 }}
          data-testid="chatbot-save-bar"
        >
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" fw={leaving ? 500 : undefined} c={dirty ? undefined : 'dimmed'} role={leaving ? 'alert' : undefined} data-testid="chatbot-dirty" data-dirty={dirty}>
              {leaving ? t('form.leave.question') : dirty ? t('form.unsaved') : t('form.allSaved')}
            </Text>
            {leaving ? (
              <Group gap="xs">
                <Button variant="default" onClick={() => blocker.reset?.()} data-testid="chatbot-stay">
                  {t('form.leave.stay')}
                </Button>
                <Button color="red" onClick={() => blocker.proceed?.()} data-testid="chatbot-leave">
                  {t('form.leave.leave')}
                </Button>
              </Group>
            ) : (
              <Group gap="xs">
                <Button variant="default" onClick={reset} disabled={!dirty || update.isPending} data-testid="chatbot-reset">
                  {t('form.reset')}
                </Button>
                <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} disabled={!dirty} loading={update.isPending} data-testid="chatbot-save">
                  {t('form.save')}
                </Button>
              </Group>
            )}
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
