import { BUILTIN_TOOLS, type BuiltinTool, TOOL_LIMITS, type ToolUnavailableReason } from '@app/contracts/tools';
import { Button, Group, NumberInput, Paper, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';
import { useTools } from '../api/list-tools';
import type { ChatbotField, ChatbotFormValues } from '../lib/chatbot-form';

/** What a section needs of the form: the values, a setter, the touched mark and a field's error text. */
export interface FieldKit {
  values: ChatbotFormValues;
  set: <K extends ChatbotField>(f: K, v: ChatbotFormValues[K]) => void;
  touch: (f: ChatbotField) => void;
  errorOf: (f: ChatbotField) => string | undefined;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
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

type NumberFieldName = 'temperature' | 'top_p' | 'max_tool_steps';
const testIdOf = (f: NumberFieldName) => `chatbot-${f.replaceAll('_', '-')}`;

/** A labelled number box with its hint beside it; its error text is shown by `FieldError`. */
function NumberRow({ kit, f, label, hint, min, max, decimal }: { kit: FieldKit; f: NumberFieldName; label: string; hint: string; min: number; max: number; decimal: boolean }) {
  const error = kit.errorOf(f);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div>
        <Text size="sm" fw={500} component="label" htmlFor={testIdOf(f)}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </div>
      <NumberInput
        id={testIdOf(f)}
        w={92}
        min={min}
        max={max}
        {...(decimal ? { step: 0.1, decimalScale: 2 } : { step: 1, allowDecimal: false })}
        clampBehavior="none"
        value={kit.values[f]}
        onChange={(v) => kit.set(f, v)}
        onBlur={() => kit.touch(f)}
        error={Boolean(error)}
        aria-describedby={error ? `${testIdOf(f)}-error` : undefined}
        data-testid={testIdOf(f)}
      />
    </Group>
  );
}

function FieldError({ kit, f }: { kit: FieldKit; f: NumberFieldName }) {
  const error = kit.errorOf(f);
  return error ? (
    <Text size="xs" c="red" id={`${testIdOf(f)}-error`} data-testid={`${testIdOf(f)}-error`}>
      {error}
    </Text>
  ) : null;
}

/** The number to type and the slider to drag, one value; the typed one is what the contract checks. */
export function SliderField({ kit, f, min, max }: { kit: FieldKit; f: 'temperature' | 'top_p'; min: number; max: number }) {
  const { t } = useTranslation('studio');
  const label = t(`form.${f}`);
  const value = kit.values[f];
  const n = typeof value === 'number' ? value : Number(value) || 0;
  return (
    <Stack gap={6}>
      <NumberRow kit={kit} f={f} label={label} hint={t(`form.${f}Hint`)} min={min} max={max} decimal />
      <Slider
        min={min}
        max={max}
        step={0.05}
        value={Math.min(max, Math.max(min, n))}
        onChange={(v) => kit.set(f, Math.round(v * 100) / 100)}
        onChangeEnd={() => kit.touch(f)}
        thumbLabel={label}
        marks={[
          { value: min, label: String(min) },
          { value: (min + max) / 2, label: String((min + max) / 2) },
          { value: max, label: String(max) },
        ]}
        label={(v) => v.toFixed(2)}
        mb="md"
      />
      <FieldError kit={kit} f={f} />
    </Stack>
  );
}

/** The built-in tools the chatbot may call, and how many steps it may take. */
export function ToolsSection({ kit }: { kit: FieldKit }) {
  const { t } = useTranslation('studio');
  const tools = useTools();
  /**
   * Why the member cannot switch a tool on (their group, or the platform lacks it), null when they
   * can. Until the member's tools are known every switch works; the server has the last word on a save.
   */
  const blocked = (tool: BuiltinTool): ToolUnavailableReason | null => {
    const item = tools.data?.items.find((x) => x.tool === tool);
    return !item || item.is_available ? null : (item.reason ?? 'group');
  };
  const setTool = (tool: BuiltinTool, on: boolean) => {
    kit.set('tools', BUILTIN_TOOLS.filter((x) => (x === tool ? on : kit.values.tools.includes(x))));
    kit.touch('tools');
  };
  return (
    <Section title={t('form.tools.title')}>
      <Text size="sm" c="dimmed">
        {t('form.tools.description')}
      </Text>
      <Stack gap="sm" data-testid="chatbot-tools">
        {BUILTIN_TOOLS.map((tool) => {
          const on = kit.values.tools.includes(tool);
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
      {kit.errorOf('tools') ? (
        <Text size="xs" c="red" data-testid="chatbot-tools-error">
          {kit.errorOf('tools')}
        </Text>
      ) : null}
      <NumberRow
        kit={kit}
        f="max_tool_steps"
        label={t('form.tools.steps')}
        hint={t('form.tools.stepsHint', { min: TOOL_LIMITS.stepsMin, max: TOOL_LIMITS.stepsMax, default: TOOL_LIMITS.stepsDefault })}
        min={TOOL_LIMITS.stepsMin}
        max={TOOL_LIMITS.stepsMax}
        decimal={false}
      />
      <FieldError kit={kit} f="max_tool_steps" />
    </Section>
  );
}

/** The sticky bar: saved or not, Reset and Save; while leaving with changes, Stay or Leave. */
export function SaveBar({ dirty, blocker, pending, onReset }: { dirty: boolean; blocker: Blocker; pending: boolean; onReset: () => void }) {
  const { t } = useTranslation('studio');
  const leaving = blocker.state === 'blocked';
  return (
    <Paper withBorder radius="md" p="sm" shadow={dirty ? 'md' : undefined} style={{ position: 'sticky', bottom: 8, zIndex: 2 }} data-testid="chatbot-save-bar">
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
            <Button variant="default" onClick={onReset} disabled={!dirty || pending} data-testid="chatbot-reset">
              {t('form.reset')}
            </Button>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} disabled={!dirty} loading={pending} data-testid="chatbot-save">
              {t('form.save')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
