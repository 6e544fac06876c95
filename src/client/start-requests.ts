// Imported first by main.tsx, so this runs before the modules after it are evaluated.
import { sendEarlyRoleRequest } from './lib/early-role'

sendEarlyRoleRequest(location.pathname)
