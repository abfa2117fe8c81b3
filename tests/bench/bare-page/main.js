// Lighthouse's baseline in the bench (item 7): React 19 rendering a heading and a form, built with the
// repo's Vite and nothing else, so the app's figures read against what React and Vite cost by themselves.
// Plain createElement: no JSX, so the build needs no plugin and no config.
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Field({ id, label, type }) {
  return h('p', null, h('label', { htmlFor: id }, label), h('br'), h('input', { id, name: id, type }));
}

function Page() {
  return h(
    'main',
    null,
    h('h1', null, 'Apply for business funding'),
    h(
      'form',
      { onSubmit: (e) => e.preventDefault() },
      h(Field, { id: 'email', label: 'Email', type: 'email' }),
      h(Field, { id: 'password', label: 'Password', type: 'password' }),
      h('button', { type: 'submit' }, 'Create account'),
    ),
  );
}

createRoot(document.getElementById('root')).render(h(StrictMode, null, h(Page)));
