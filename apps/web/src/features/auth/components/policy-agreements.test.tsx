import type { Policy } from '@app/contracts/sign-up-settings';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PolicyAgreements } from './policy-agreements';

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

const policy = (over: Partial<Policy>): Policy => ({
  id: 1,
  ko_name: '이용약관',
  en_name: 'Terms',
  kind: 'text',
  content: 'Long text',
  url: null,
  is_mandatory: true,
  sort_order: 0,
  ...over,
});

function Harness({ policies, onChange }: { policies: Policy[]; onChange: (ids: number[]) => void }) {
  const [value, setValue] = useState<number[]>([]);
  return (
    <MantineProvider>
      <PolicyAgreements
        policies={policies}
        value={value}
        onChange={(ids) => {
          setValue(ids);
          onChange(ids);
        }}
      />
    </MantineProvider>
  );
}

// jsdom lays nothing out: give every element a 300 px window onto 1,000 px of text.
const sizes = { scrollHeight: 1000, clientHeight: 300 };
const saved = { scrollHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight'), clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight') };

describe('policy agreements: read to the end before agreeing', () => {
  beforeEach(() => {
    for (const k of ['scrollHeight', 'clientHeight'] as const) Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => sizes[k] });
  });
  afterEach(() => {
    for (const k of ['scrollHeight', 'clientHeight'] as const) if (saved[k]) Object.defineProperty(HTMLElement.prototype, k, saved[k]);
  });

  it('keeps a mandatory text locked until its bottom is reached, then Agree ticks it', async () => {
    const onChange = vi.fn();
    render(<Harness policies={[policy({})]} onChange={onChange} />);
    const box = screen.getByTestId('policy-1-checkbox');
    expect((box as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('policy-1-view'));
    const agree = await screen.findByTestId('policy-agree');
    expect((agree as HTMLButtonElement).disabled).toBe(true);
    const content = screen.getByTestId('policy-content');
    // Halfway is not the end.
    content.scrollTop = 400;
    fireEvent.scroll(content);
    expect((agree as HTMLButtonElement).disabled).toBe(true);
    content.scrollTop = 700;
    fireEvent.scroll(content);
    expect((agree as HTMLButtonElement).disabled).toBe(false);

    await act(async () => fireEvent.click(agree));
    expect(onChange).toHaveBeenLastCalledWith([1]);
    expect(input('policy-1-checkbox').checked).toBe(true);
    expect(input('policy-1-checkbox').disabled).toBe(false);
  });

  it('opens a mandatory link policy once its link was followed; an optional one at once', () => {
    const onChange = vi.fn();
    render(<Harness policies={[policy({ id: 2, kind: 'link', url: 'https://example.com/p' }), policy({ id: 3, is_mandatory: false })]} onChange={onChange} />);
    expect(input('policy-2-checkbox').disabled).toBe(true);
    expect(input('policy-3-checkbox').disabled).toBe(false);
    fireEvent.click(screen.getByTestId('policy-2-open'));
    expect(input('policy-2-checkbox').disabled).toBe(false);
    fireEvent.click(screen.getByTestId('policy-2-checkbox'));
    expect(onChange).toHaveBeenLastCalledWith([2]);
  });
});
