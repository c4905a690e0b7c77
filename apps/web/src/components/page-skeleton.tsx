import { Skeleton, Stack } from '@mantine/core';

export function PageSkeleton() {
  return (
    <Stack p="lg" gap="sm" data-testid="page-skeleton">
      <Skeleton height={28} width="40%" />
      <Skeleton height={16} />
      <Skeleton height={16} width="85%" />
      <Skeleton height={16} width="70%" />
    </Stack>
  );
}
