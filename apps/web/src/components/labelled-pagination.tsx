import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's Pagination with names for screen readers: its previous and next buttons are arrows
 * without text (axe: button-name), and a page button says only its number.
 */
export function LabelledPagination(props: PaginationProps) {
  const { t } = useTranslation('common');
  return (
    <Pagination
      getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
      getItemProps={(page) => ({ 'aria-label': t('pagination.page', { page }), ...(page === props.value && { 'aria-current': 'page' }) })}
      {...props}
    />
  );
}
