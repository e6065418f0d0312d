// Component tests share two cores with the other suites in CI: a lazy chunk's first import can take longer than
// testing-library's default 1 s, so findBy/waitFor wait up to 5 s. A test that fails still fails, only later.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
