/** Global set-up of the browser suites: Chromium is there (installed from Debian's packages when this machine may). */
import { ensure } from '../../tools/provision/provision';
import { CHROMIUM } from '../../tools/provision/requirements';

export default function setup(): void {
  ensure(CHROMIUM);
}
