import { beforeEach } from "vitest";
import { fixClock } from "../../shared/test/clock";

// Every worker test reads a fixed clock (decision "fixed clocks in tests"): fixed before the test
// file loads, so module-level and beforeAll code see it too, and again before each test, so a test
// that moves the clock (fixClock(later)) does not move the next one.
fixClock();
beforeEach(() => fixClock());
