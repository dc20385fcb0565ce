import * as React from 'react';
import * as ReactDomClient from 'react-dom/client';
import * as compat from 'preact/compat';
import * as compatClient from 'preact/compat/client';
import { describe, expect, it } from 'vitest';

// vite.auth.config.ts builds the sign-in pages on preact/compat; their tests must run on it too
// (vitest project web-auth), or they would test a React build that never ships.
describe('the sign-in pages under test', () => {
  it('resolve React and React DOM to preact/compat, as their build does', () => {
    expect(React.useState).toBe(compat.useState);
    expect(ReactDomClient.createRoot).toBe(compatClient.createRoot);
  });
});
