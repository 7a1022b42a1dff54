import { requireRole } from "./require-role";

/** The admin area: owners and managers (gate staff have the gate screen only). */
export const requireAdmin = requireRole("owner", "manager");
