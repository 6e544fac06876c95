// Imported first by main.tsx, so this runs before the modules after it are evaluated.
import { sendEarlyRequests } from './early-requests'
import { firstRequests } from './first-requests'

sendEarlyRequests(firstRequests(location.pathname, location.search))
