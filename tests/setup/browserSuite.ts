/** Global set-up of the browser suites: their browser is there (installed from Debian's packages when this machine may). */
import { ensure } from '../../tools/provision/provision';
import { CHROMIUM_HEADLESS_SHELL } from '../../tools/provision/requirements';

export default function setup(): void {
  ensure(CHROMIUM_HEADLESS_SHELL);
}
