import { Box, type MantineLoaderComponent } from '@mantine/core'
import { forwardRef } from 'react'
import classes from './infinity-loader.module.css'

/** Spec 2 asks for an "infinity spinner"; Mantine ships none, so this plugs into <Loader loaders>. */
export const InfinityLoader: MantineLoaderComponent = forwardRef(
  ({ className, ...others }, ref) => (
    <Box
      component="span"
      className={[classes.root, className].filter(Boolean).join(' ')}
      {...others}
      ref={ref}
    >
      <svg viewBox="0 0 100 50" width="100%" height="100%" aria-hidden>
        <path
          className={classes.path}
          d="M25 10 C10 10 10 40 25 40 C40 40 60 10 75 10 C90 10 90 40 75 40 C60 40 40 10 25 10 Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="6"
          strokeLinecap="round"
          pathLength="200"
        />
      </svg>
    </Box>
  ),
)
InfinityLoader.displayName = 'InfinityLoader'
