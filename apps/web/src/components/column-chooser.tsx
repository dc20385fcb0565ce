import { Checkbox, Divider, Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { toggleAllColumns, toggleColumn, type TableColumn } from '../lib/table-columns';

/** The toolbar's column choice (table-toolbar.tsx): a checkbox per column, and one for all. */
export function ColumnChooser({
  columns,
  onChange,
}: {
  columns: TableColumn[];
  onChange: (columns: TableColumn[]) => void;
}) {
  const { t } = useTranslation('kit');
  const shown = columns.filter((column) => column.visible).length;
  return (
    <Flex vertical style={{ minWidth: 160, maxHeight: 320, overflowY: 'auto' }} data-testid="table-columns">
      <Checkbox
        checked={shown === columns.length}
        indeterminate={shown > 0 && shown < columns.length}
        onChange={(event) => onChange(toggleAllColumns(columns, event.target.checked))}
      >
        {t('toolbar.allColumns')}
      </Checkbox>
      <Divider size="small" />
      <Space vertical size={4}>
        {columns.map((column) => (
          <Checkbox
            key={column.key}
            checked={column.visible}
            // The last visible column stays: a table without columns shows nothing to get back from.
            disabled={column.visible && shown === 1}
            onChange={(event) => onChange(toggleColumn(columns, column.key, event.target.checked))}
          >
            {column.label}
          </Checkbox>
        ))}
      </Space>
    </Flex>
  );
}
