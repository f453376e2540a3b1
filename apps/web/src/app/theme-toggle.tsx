import { useState } from 'react';
import { useServerRender } from '../lib/server-render.ts';
import { Icon } from '../ui/icon.tsx';
import { saveTheme, storedTheme, type Theme } from './theme.ts';
import styles from './site-header.module.css';

export function ThemeToggle() {
  // The server knows the theme from its cookie (theme.ts); hydration shows what it showed, then the stored choice.
  const server = useServerRender();
  const [stored, setTheme] = useState<Theme>(storedTheme);
  const theme = server?.theme ?? stored;
  const next: Theme = theme === 'dark' ? 'light' : 'dark';

  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        saveTheme(next);
        setTheme(next);
      }}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
