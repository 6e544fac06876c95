// Imported first by main.tsx, so this runs before the modules after it are evaluated.
import { firstRequests } from './first-requests'
import { sendEarlyRequests } from './lib/early-requests'

sendEarlyRequests(firstRequests(location.pathname, location.search))
