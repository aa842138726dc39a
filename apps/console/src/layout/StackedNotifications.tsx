import { Alert, Box, Button, Collapse } from '@mui/material';
import { isValidElement, useCallback, useEffect, useRef, useState } from 'react';
import {
  CloseNotificationContext,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';
import { useLocation } from 'react-router-dom';

/** The spec: at most 4 notifications at once; the next ones wait until one closes. */
export const MAX_VISIBLE_NOTIFICATIONS = 4;
const DEFAULT_DURATION = 4000;
/** Errors stay longer: they usually need reading. */
const ERROR_DURATION = 8000;

interface Shown {
  key: number;
  payload: NotificationPayload;
  open: boolean;
  /** The page (route path) it was shown on. */
  page: string;
}

/** Errors and warnings are about an attempt on a page: they go stale when it succeeds or the page changes. */
const isProblem = (payload: NotificationPayload) => payload.type === 'error' || payload.type === 'warning';

const isUndoable = (payload: NotificationPayload) => Boolean(payload.notificationOptions?.undoable);

/** `notificationOptions.autoHideDuration` as react-admin reads it: `undefined` means the default, `null` never hides. */
const durationOf = (payload: NotificationPayload): number | null => {
  const value = payload.notificationOptions?.autoHideDuration;
  if (value === undefined) return payload.type === 'error' ? ERROR_DURATION : DEFAULT_DURATION;
  return value;
};

/**
 * Replaces react-admin's one-at-a-time `<Notification>` (`<Admin notification={StackedNotifications}>`):
 * takes notifications from react-admin's queue and shows up to 4 of them stacked at the bottom of the
 * screen, each in its type's colour with a Dismiss button, each closing itself after its
 * `autoHideDuration` (4 s, errors 8 s). Undoable notifications keep react-admin's behaviour: Undo
 * cancels the pending mutation, closing runs it; only one of them shows at a time so that they match
 * react-admin's queue of undoable mutations in order.
 *
 * A problem (error or warning) closes once it is stale: when a success follows it (the form that "is
 * not valid" was fixed and saved) and when the person moves to another page (a 403 belongs to the page
 * that met it). Successes and infos stay across the move they cause ("Website created", then the list).
 */
export const StackedNotifications = () => {
  const translate = useTranslate();
  const { notifications, setNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const [shown, setShown] = useState<Shown[]>([]);
  const lastKey = useRef(0);
  const page = useLocation().pathname;
  // The mutation queue changes between the moment a notification shows and the moment it closes.
  const takeMutationRef = useRef(takeMutation);
  takeMutationRef.current = takeMutation;

  // Moves waiting notifications from react-admin's queue to the stack while there is room.
  useEffect(() => {
    if (notifications.length === 0 || shown.length >= MAX_VISIBLE_NOTIFICATIONS) return;
    let undoableShown = shown.some((item) => isUndoable(item.payload));
    const taken: NotificationPayload[] = [];
    for (const payload of notifications) {
      if (shown.length + taken.length >= MAX_VISIBLE_NOTIFICATIONS) break;
      if (isUndoable(payload)) {
        if (undoableShown) continue; // waits for the undoable one before it
        undoableShown = true;
      }
      taken.push(payload);
    }
    if (taken.length === 0) return;
    // Removes exactly the taken ones: notifications added meanwhile stay queued.
    setNotifications((queue) => queue.filter((payload) => !taken.includes(payload)));
    const succeeded = taken.some((payload) => payload.type === 'success');
    setShown((current) => [
      // A success makes the problems shown before it stale.
      ...(succeeded
        ? current.map((item) =>
            isProblem(item.payload) && !isUndoable(item.payload) ? { ...item, open: false } : item,
          )
        : current),
      ...taken
        .filter((payload) => !current.some((item) => item.payload === payload)) // an effect run twice (StrictMode)
        .map((payload) => ({ key: ++lastKey.current, payload, open: true, page })),
    ]);
  }, [notifications, shown, setNotifications, page]);

  // Another page: the problems met on the one left are closed.
  useEffect(() => {
    setShown((current) =>
      current.some((item) => item.open && item.page !== page && isProblem(item.payload) && !isUndoable(item.payload))
        ? current.map((item) =>
            item.page !== page && isProblem(item.payload) && !isUndoable(item.payload)
              ? { ...item, open: false }
              : item,
          )
        : current,
    );
  }, [page]);

  // Leaving the page while an undoable change is pending would lose it: the browser asks first.
  const pendingUndoable = shown.some((item) => item.open && isUndoable(item.payload));
  useEffect(() => {
    if (!pendingUndoable) return;
    const beforeunload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
      return '';
    };
    window.addEventListener('beforeunload', beforeunload);
    return () => window.removeEventListener('beforeunload', beforeunload);
  }, [pendingUndoable]);

  const close = useCallback((key: number) => {
    setShown((current) => current.map((item) => (item.key === key && item.open ? { ...item, open: false } : item)));
  }, []);
  const remove = useCallback((key: number) => {
    setShown((current) => current.filter((item) => item.key !== key));
  }, []);
  const settle = useCallback((isUndo: boolean) => {
    const mutation = takeMutationRef.current();
    if (mutation) mutation({ isUndo });
  }, []);

  if (shown.length === 0) return null;
  return (
    <Box
      role="region"
      aria-label={translate('console.layout.notifications')}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: { xs: 8, sm: 24 },
        left: { xs: 8, sm: '50%' },
        right: { xs: 8, sm: 'auto' },
        transform: { sm: 'translateX(-50%)' },
        width: { sm: 'max-content' },
        minWidth: { sm: 344 },
        maxWidth: { sm: 'min(600px, calc(100vw - 48px))' },
        display: 'flex',
        flexDirection: 'column',
        // The stack's gaps let clicks through to the page.
        pointerEvents: 'none',
      }}
    >
      {shown.map((item) => (
        <NotificationItem key={item.key} item={item} onClose={close} onExited={remove} settle={settle} />
      ))}
    </Box>
  );
};

const NotificationItem = ({
  item,
  onClose,
  onExited,
  settle,
}: {
  item: Shown;
  onClose: (key: number) => void;
  onExited: (key: number) => void;
  settle: (isUndo: boolean) => void;
}) => {
  const translate = useTranslate();
  const { key, payload, open } = item;
  const { message, type = 'info', notificationOptions } = payload;
  const undoable = isUndoable(payload);
  const duration = durationOf(payload);
  const [paused, setPaused] = useState(false);
  const [resumed, setResumed] = useState(false);
  // An undoable notification settles its mutation exactly once: undone, or run when it closes.
  const settled = useRef(false);

  const close = useCallback(() => onClose(key), [onClose, key]);

  useEffect(() => {
    if (!open || paused || duration == null) return;
    // Like MUI's Snackbar: after the pointer leaves, half the duration again.
    const timer = window.setTimeout(close, resumed ? duration / 2 : duration);
    return () => window.clearTimeout(timer);
  }, [open, paused, resumed, duration, close]);

  const handleUndo = () => {
    if (!settled.current) {
      settled.current = true;
      settle(true);
    }
    close();
  };

  const handleExited = () => {
    if (undoable && !settled.current) {
      settled.current = true;
      settle(false);
    }
    onExited(key);
  };

  const text =
    typeof message === 'string'
      ? translate(message, { _: message, ...(notificationOptions?.messageArgs ?? {}) })
      : isValidElement(message)
        ? message
        : null;

  return (
    <Collapse in={open} appear timeout={200} onExited={handleExited}>
      <CloseNotificationContext.Provider value={close}>
        {/* Padding, not margin: the collapse measures its content. */}
        <Box sx={{ pt: 1 }}>
          <Alert
            data-notification={type}
            variant="filled"
            severity={type}
            role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
            onMouseEnter={() => setPaused(true)}
            onMouseLeave={() => {
              setPaused(false);
              setResumed(true);
            }}
            action={
              <>
                {undoable ? (
                  <Button color="inherit" size="small" onClick={handleUndo} sx={{ fontWeight: 700 }}>
                    {translate('ra.action.undo')}
                  </Button>
                ) : null}
                <Button color="inherit" size="small" onClick={close}>
                  {translate('console.common.buttons.dismiss')}
                </Button>
              </>
            }
            sx={{
              pointerEvents: 'auto',
              boxShadow: 6,
              alignItems: 'center',
              '& .MuiAlert-message': {
                whiteSpace: notificationOptions?.multiLine ? 'pre-wrap' : undefined,
                overflowWrap: 'anywhere',
              },
              '& .MuiAlert-action': { pt: 0, alignItems: 'center' },
            }}
          >
            {text}
          </Alert>
        </Box>
      </CloseNotificationContext.Provider>
    </Collapse>
  );
};
