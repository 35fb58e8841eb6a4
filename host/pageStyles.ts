/** Adopts host/pages.css into the document once, from whichever lazy chunk needs it first (a strict CSP allows this). */
import { adoptStyles } from '../src/ui/styles.ts';
import css from './pages.css';

adoptStyles(document, css);
