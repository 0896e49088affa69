/** Entry: fonts (Bengali and Latin, 400 and 700 only), theme, then the app. */
import '@fontsource/noto-sans-bengali/bengali-400.css';
import '@fontsource/noto-sans-bengali/bengali-700.css';
import '@fontsource/noto-sans-bengali/latin-400.css';
import '@fontsource/noto-sans-bengali/latin-700.css';
import './styles/theme.css';
import './styles/global.css';
import './styles/first-paint.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { listenForInstallPrompt } from './lib/platform';

listenForInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
