/** One choice among a few, as labelled chips (radio buttons underneath): the statistics' switches. */
import { Chip, Group, Text } from '@mantine/core';
import { useId } from 'react';

interface ChoiceChipsProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
  testId: string;
}

export function ChoiceChips({ label, value, options, onChange, testId }: ChoiceChipsProps) {
  const labelId = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelId} data-testid={testId}>
      <Text size="sm" fw={500} id={labelId} mb={4}>
        {label}
      </Text>
      <Chip.Group value={value} onChange={(chosen) => onChange(String(chosen))}>
        <Group gap={6}>
          {options.map((option) => (
            <Chip key={option.value} value={option.value} size="sm" variant="outline">
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}
