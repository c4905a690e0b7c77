import type { ToolCallRecord } from '@app/contracts/tools';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import chat from '../../../locales/en/chat.json';
import type { BubbleMessage } from '../lib/live-turn';
import { MessageBubble } from './message-bubble';

const call = (over: Partial<ToolCallRecord>): ToolCallRecord => ({
  id: 'c1',
  step: 1,
  name: 'current_time',
  input: { timezone: 'UTC' },
  output: '{"iso":"2026-11-28T10:00:00Z"}',
  status: 'done',
  duration_ms: 1250,
  text_offset: 0,
  files: [],
  ...over,
});

const answer = (over: Partial<BubbleMessage>): BubbleMessage => ({
  key: 'm2',
  role: 'chatbot',
  text: '',
  reasoning: null,
  status: 'completed',
  modelId: null,
  modelName: null,
  credits: null,
  sources: [],
  files: [],
  toolCalls: [],
  notice: null,
  ...over,
});

const show = (m: BubbleMessage) =>
  render(
    <MantineProvider>
      <MessageBubble m={m} modelNames={new Map()} />
    </MantineProvider>,
  );

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', ns: ['chat'], defaultNS: 'chat', resources: { en: { chat } }, interpolation: { escapeValue: false } });
});

afterEach(cleanup);

describe('an answer with tool calls', () => {
  it('shows each card where its call was made in the text, collapsed, opening to its input and result', async () => {
    show(answer({ text: 'Let me check. It is ten.', toolCalls: [call({ text_offset: 13 })] }));
    const card = await screen.findByTestId('tool-call');
    const bubble = screen.getByTestId('chat-message-assistant');
    // Text before the card, the card, text after.
    const order = bubble.textContent ?? '';
    expect(order.indexOf('Let me check.')).toBeLessThan(order.indexOf('Checked the time'));
    expect(order.indexOf('Checked the time')).toBeLessThan(order.indexOf('It is ten.'));
    const toggle = within(card).getByRole('button', { name: /Checked the time.*Done · 1\.3 s/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(card).getByTestId('tool-call-input').textContent).toBe('{\n  "timezone": "UTC"\n}');
    // A JSON result pretty-printed too.
    expect(within(card).getByTestId('tool-call-output').textContent).toBe('{\n  "iso": "2026-11-28T10:00:00Z"\n}');
  });

  it('names a running call and a failed one, and links the files a tool made', async () => {
    show(
      answer({
        status: 'streaming',
        toolCalls: [
          call({ id: 'a', name: 'web_search', status: 'running', output: null, duration_ms: null }),
          call({ id: 'b', name: 'code_interpreter', status: 'error', output: 'Timed out', files: [{ id: 5, url: '/f/5', type: 'text/csv', name: 'data.csv' }] }),
        ],
      }),
    );
    const cards = await screen.findAllByTestId('tool-call');
    expect(cards.map((c) => c.dataset.status)).toEqual(['running', 'error']);
    expect(within(cards[0]!).getByRole('button').textContent).toContain('Running…');
    expect(within(cards[1]!).getByRole('link', { name: 'data.csv' }).getAttribute('href')).toBe('/f/5');
    // While a tool runs the card says so; no second "preparing" line.
    expect(screen.queryByTestId('answer-waiting')).toBeNull();
  });

  it('shows a stopped call by its translated status, without the server\'s English placeholder', async () => {
    show(answer({ toolCalls: [call({ id: 'c', name: 'current_time', status: 'stopped', output: 'Not run: the answer reached its step limit' })] }));
    const card = await screen.findByTestId('tool-call');
    expect(card.dataset.status).toBe('stopped');
    fireEvent.click(within(card).getByRole('button'));
    expect(within(card).getByTestId('tool-call-status').textContent).toContain(chat.tools.status.stopped);
    expect(within(card).queryByTestId('tool-call-output')).toBeNull();
    expect(card.textContent).not.toContain('Not run');
  });

  it('says why the answer stopped early', () => {
    show(answer({ text: 'Partial', notice: 'tool_step_limit' }));
    expect(screen.getByTestId('answer-notice').textContent).toBe("The answer stopped after the chatbot's step limit.");
  });
});
