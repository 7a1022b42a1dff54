import { beforeEach, inject } from "vitest";
import { fixClock, instantOf } from "../../shared/test/clock";

// Every worker test reads a fixed clock (decision "fixed clocks in tests"): fixed before the test
// file loads, so module-level and beforeAll code see it too, and again before each test, so a test
// that moves the clock (fixClock(later)) does not move the next one.
// TEST_CLOCK=lastOfMonthLate (or =2026-12-31T23:59) runs them at another instant.
const at = instantOf(inject("testClock"));
fixClock(at);
beforeEach(() => fixClock(at));
