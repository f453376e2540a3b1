import { NavLink, useNavigate } from 'react-router';
import { Icon } from '../../../ui/icon.tsx';
import { Select } from '../../../ui/select.tsx';
import { visibleSections, type TConsoleSectionId } from '../console-sections.ts';
import { useOperator } from './operator-context.ts';
import styles from './console-frame.module.css';

/** The console's sections: a side list on wide screens, a select on phones. Admin-only sections only for admins. */
export function ConsoleNav({ current }: { current: TConsoleSectionId | undefined }) {
  const me = useOperator();
  const navigate = useNavigate();
  const sections = visibleSections(me);
  return (
    <>
      <nav aria-label="Console sections" className={styles.sideNav}>
        <ul className={styles.navList}>
          <li>
            <NavLink to="/console" end className={styles.navLink}>
              <Icon name="compass" size={18} />
              Overview
            </NavLink>
          </li>
          {sections.map((section) => (
            <li key={section.id}>
              <NavLink to={`/console/${section.id}`} className={styles.navLink}>
                <Icon name={section.icon} size={18} />
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.phoneNav}>
        <label htmlFor="console-section" className="visually-hidden">
          Console section
        </label>
        <Select
          id="console-section"
          value={current ?? ''}
          onChange={(event) => void navigate(event.target.value ? `/console/${event.target.value}` : '/console')}
        >
          <option value="">Overview</option>
          {sections.map((section) => (
            <option key={section.id} value={section.id}>
              {section.label}
            </option>
          ))}
        </Select>
      </div>
    </>
  );
}
