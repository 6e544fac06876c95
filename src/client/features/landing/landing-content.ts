import { IconChartBar, IconChecklist, IconUsers, type Icon } from '@tabler/icons-react'

export const ABOUT_URL = 'https://en.wikipedia.org/wiki/Customer_relationship_management'

interface Feature {
  title: string
  description: string
  icon: Icon
}

// Spec 1: the three features the landing page lists.
export const FEATURES: Feature[] = [
  {
    title: 'Customer Management',
    description: 'Keep all your customer interactions in one place.',
    icon: IconUsers,
  },
  {
    title: 'Sales Analytics',
    description: 'Gain insight into your sales performance.',
    icon: IconChartBar,
  },
  {
    title: 'Task Management',
    description: 'Stay on top of your tasks and reminders.',
    icon: IconChecklist,
  },
]

interface Testimonial {
  quote: string
  name: string
  title: string
}

// Spec 1: three sample testimonials; the people and companies are invented.
export const TESTIMONIALS: Testimonial[] = [
  {
    quote: 'Rapport CRM gave our team one view of every customer. Follow-ups no longer slip.',
    name: 'Amara Okafor',
    title: 'Head of Sales, Brightleaf Supplies',
  },
  {
    quote: 'The sales charts showed us which cities to focus on. Revenue is up this quarter.',
    name: 'Daniel Reyes',
    title: 'Founder, Northwind Outfitters',
  },
  {
    quote: 'Setting it up took an afternoon, and our order tracking has been smooth ever since.',
    name: 'Mei Tanaka',
    title: 'Operations Manager, Lumen Coffee Co.',
  },
]
