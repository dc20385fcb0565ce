import { useState } from 'react';
import { Flex, Input } from 'antd';

/** The word a destructive dialog asks to be typed, and whether it has been (case and spaces aside). */
export function useTypedConfirmation(word: string) {
  const [typed, setTyped] = useState('');
  return { word, typed, setTyped, confirmed: typed.trim().toUpperCase() === word.toUpperCase() };
}

/** "Type WORD to confirm" and its field, for what cannot be undone (a wipe, a restore over data). */
export function TypedConfirmation({
  confirmation,
  label,
  testId,
}: {
  confirmation: ReturnType<typeof useTypedConfirmation>;
  label: string;
  /** The field's test id, also its element id. */
  testId: string;
}) {
  return (
    <Flex vertical gap={6}>
      <label htmlFor={testId}>{label}</label>
      <Input
        id={testId}
        value={confirmation.typed}
        onChange={(event) => confirmation.setTyped(event.target.value)}
        placeholder={confirmation.word}
        autoComplete="off"
        data-testid={testId}
      />
    </Flex>
  );
}
