import {
  createContext,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Button, ConfigProvider, Skeleton, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchFormLayout, type SearchFormLayout } from '../lib/use-search-form-layout';
import type * as SearchFormControls from './search-form-controls';
import type {
  DateRangeFieldProps,
  SearchFormProps,
  SelectFieldProps,
  TextFieldProps,
} from './search-form-types';

export type {
  DateRangeFieldProps,
  SearchFormActions,
  SearchFormProps,
  SelectFieldProps,
  TextFieldProps,
} from './search-form-types';
export { useSearchFieldStyles } from './search-form-types';

/*
 * A list's search form, light: antd's Form, Select and Input (about 30 KB gzip, most of what a list
 * page would add to its first load after the table) are in `search-form-controls.tsx`, which loads
 * when a list first shows its form, in parallel with the list's rows. Until it is there the form is
 * drawn in place: each field's label over antd's input skeleton at the field's width, in the boxes
 * (antd's form classes) the real form lays out, and the buttons in their loading state, so the
 * fields take their place and the table below does not move when the real form replaces it.
 */

type Controls = typeof SearchFormControls;
let controls: Controls | undefined;
let loading: Promise<Controls> | undefined;

function loadControls(): Promise<Controls> {
  loading ??= import('./search-form-controls').then(
    (module) => (controls = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The controls once loaded; a failed download throws to the route's error boundary, as a page chunk's. */
function useControls(): Controls | undefined {
  const [loaded, setLoaded] = useState(controls);
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    loadControls().then(
      (module) => live && setLoaded(module),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  if (failure) throw failure.error;
  return loaded;
}

// Set around the placeholder's fields only; the real form's fields render the real controls.
const PlaceholderContext = createContext<SearchFormLayout | null>(null);
const usePlaceholderLayout = (): SearchFormLayout | null => useContext(PlaceholderContext);

/** The class names antd's Form gives its boxes, for the placeholder to take the same room. */
function useFormClasses(layout: SearchFormLayout['layout']) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  // Leaves out the theme's `css-var-*` scope class antd also adds: the extracted styles never select
  // it, and the variables it scopes are inherited from the App's root, which has it.
  const form = getPrefixCls('form');
  return {
    form: `${form} ${form}-${layout} ${form}-css-var`,
    item: `${form}-item ${form}-css-var ${form}-item-${layout}`,
    row: `${getPrefixCls('row')} ${form}-item-row`,
    label: `${getPrefixCls('col')} ${form}-item-label`,
    control: `${getPrefixCls('col')} ${form}-item-control`,
    input: `${form}-item-control-input`,
    content: `${form}-item-control-input-content`,
  };
}

/** A field's or the buttons' box as antd's Form.Item draws it, around `children`. */
function ItemBox({
  label,
  style,
  children,
}: {
  label?: ReactNode;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const layout = useContext(PlaceholderContext);
  const classes = useFormClasses(layout?.layout ?? 'inline');
  return (
    <div className={classes.item} style={style}>
      <div className={classes.row}>
        {label === undefined ? null : (
          <div className={classes.label}>
            <label>{label}</label>
          </div>
        )}
        <div className={classes.control}>
          <div className={classes.input}>
            <div className={classes.content}>{children}</div>
          </div>
        </div>
      </div>
    </div>
  );
}

/** A field while the controls load: its label and antd's input skeleton at the field's width. */
function FieldPlaceholder({ label, style }: { label: ReactNode; style: CSSProperties }) {
  return (
    <ItemBox label={label}>
      <Skeleton.Input active block={style.width === '100%'} style={style} />
    </ItemBox>
  );
}

/** The form around the fields while the controls load. */
function SearchFormPlaceholder({ fieldWidth, children }: { fieldWidth: number; children: ReactNode }) {
  const { t } = useTranslation('kit');
  const layout = useSearchFormLayout(fieldWidth);
  const classes = useFormClasses(layout.layout);
  return (
    <PlaceholderContext value={layout}>
      <div className={classes.form} style={{ rowGap: 12 }} aria-busy="true">
        {children}
        <ItemBox style={{ marginBottom: 0 }}>
          <Space>
            <Button type="primary" icon={<SearchOutlined />} loading>
              {t('searchForm.search')}
            </Button>
            <Button icon={<ReloadOutlined />} loading>
              {t('searchForm.reset')}
            </Button>
          </Space>
        </ItemBox>
      </div>
    </PlaceholderContext>
  );
}

/** A list's search form: its fields, laid out for the screen, then Search and Reset (which clears them first). */
export function SearchForm<V>(props: SearchFormProps<V>) {
  const loaded = useControls();
  if (!loaded)
    return <SearchFormPlaceholder fieldWidth={props.fieldWidth}>{props.children}</SearchFormPlaceholder>;
  const Form = loaded.SearchForm<V>;
  return <Form {...props} />;
}

/**
 * A field of the search form: while the form's controls load, its label over antd's input skeleton
 * at the width `size` names; then the control `pick` takes from them.
 */
function field<P extends { label: ReactNode }>(
  pick: (loaded: Controls) => ComponentType<P>,
  size: 'fieldStyle' | 'rangeStyle',
) {
  return function SearchField(props: P) {
    const placeholder = usePlaceholderLayout();
    if (placeholder) return <FieldPlaceholder label={props.label} style={placeholder[size]} />;
    if (!controls) throw new Error('a search field is used outside a SearchForm');
    const Field = pick(controls);
    return <Field {...props} />;
  };
}

/**
 * The search form's `range` field: whole days, either end may stay open. Until the picker's code is
 * there, antd's skeleton holds its place at the same size, so the fields after it do not move.
 */
export const DateRangeField = field<DateRangeFieldProps>((loaded) => loaded.DateRangeField, 'rangeStyle');

/** A search form's choice of one value; cleared, it filters nothing ("All"). */
export const SelectField = field<SelectFieldProps<string | number>>(
  (loaded) => loaded.SelectField,
  'fieldStyle',
) as <V extends string | number>(props: SelectFieldProps<V>) => ReactNode;

/** A search form's free text (a name, an order number): part of it matches. */
export const TextField = field<TextFieldProps>((loaded) => loaded.TextField, 'fieldStyle');
