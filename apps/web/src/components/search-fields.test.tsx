import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../app/providers';
import { SearchForm } from './search-form';
import { SearchFields } from './search-fields';

describe('SearchFields', () => {
  it('names each field by its key and sends the values under each field’s name', async () => {
    const onSearch = vi.fn();
    render(
      <Providers>
        <SearchForm fieldWidth={200} testId="form" onSearch={onSearch} onReset={vi.fn()}>
          <SearchFields
            naming={{ label: (key) => `label ${key}`, testId: (key) => `form-${key}` }}
            fields={[
              { key: 'name', text: { placeholder: 'type a name', maxLength: 5 } },
              { key: 'region', name: 'regionId', options: [{ value: 7, label: 'Seven' }] },
              { key: 'expiry', range: true },
            ]}
          />
        </SearchForm>
      </Providers>,
    );
    const name = await screen.findByTestId('form-name');
    expect(screen.getByText('label name')).toBeTruthy();
    expect(screen.getByText('label region')).toBeTruthy();
    expect(screen.getByText('label expiry')).toBeTruthy();
    expect(screen.getByTestId('form-region')).toBeTruthy();
    expect(name.getAttribute('placeholder')).toBe('type a name');
    expect(name.getAttribute('maxlength')).toBe('5');

    fireEvent.change(name, { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ name: 'abc' })));
  });
});
