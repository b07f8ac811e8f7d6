import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openLogin } from '../../lib/login-event';
import { toast } from '../../lib/toast';
import { ActivityCode } from '../../shared/activity-codes';
import { Code } from '../../shared/codes';
import { getToken } from '../../stores/auth';
import { loadUser } from '../../stores/user';
import { claimPhase, clockSkew, msToNextSecond } from './claim-state';
import { type CouponClaim, type CouponList, claimCoupon, fetchCouponList, type UserCoupon } from './coupon-api';

interface State {
  loaded: boolean;
  /** Whether the server's clock and today's window are known (the first list answer brings them). */
  timed: boolean;
  failed: boolean;
  claiming: boolean;
  isDraw: boolean;
  leftDailyLimit: number;
  dailyLimit: number;
  opensAt: number;
  closesAt: number;
  coupons: UserCoupon[];
}

function isCoupon(value: unknown): value is UserCoupon {
  return typeof value === 'object' && value !== null && typeof (value as UserCoupon).code === 'string';
}

/**
 * The daily coupon on the server's clock: the browser's own clock only
 * measures elapsed time, so a wrong or foreign clock neither opens the claim
 * early nor shows a wrong countdown. The page is cached for everyone, so the
 * clock, the window and what is left come from the first list call.
 */
export function useCoupon() {
  const { t } = useTranslation();
  const [skew, setSkew] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [warning, setWarning] = useState<string | null>(null);
  const [s, setS] = useState<State>({
    loaded: false,
    timed: false,
    leftDailyLimit: 0,
    dailyLimit: 0,
    opensAt: 0,
    closesAt: 0,
    failed: false,
    claiming: false,
    isDraw: false,
    coupons: [],
  });
  const patch = useCallback((p: Partial<State>) => setS((old) => ({ ...old, ...p })), []);

  const load = useCallback(async () => {
    const sentAt = Date.now();
    const res = await fetchCouponList();
    if (res.kind !== 'reply') {
      patch({ failed: true });
      return;
    }
    const list: CouponList = res.data;
    const skewNow = clockSkew(list.serverTime, sentAt, Date.now());
    setSkew(skewNow);
    setNow(Date.now() + skewNow);
    patch({
      loaded: true,
      timed: true,
      failed: false,
      isDraw: list.isDraw,
      leftDailyLimit: list.leftDailyLimit,
      dailyLimit: list.dailyLimit,
      opensAt: list.opensAt,
      closesAt: list.closesAt,
      coupons: list.lstAiUserCoupon,
    });
  }, [patch]);

  useEffect(() => {
    void load();
  }, [load]);

  // Ticks on the server's whole seconds; crossing the opening or midnight reloads the list.
  const edges = useRef({ opensAt: s.opensAt, closesAt: s.closesAt });
  edges.current = { opensAt: s.opensAt, closesAt: s.closesAt };
  useEffect(() => {
    if (!s.timed) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now() + skew;
      setNow((previous) => {
        const { opensAt, closesAt } = edges.current;
        if ((previous < opensAt && current >= opensAt) || (previous < closesAt && current >= closesAt)) void load();
        return current;
      });
      timer = setTimeout(tick, msToNextSecond(current));
    };
    timer = setTimeout(tick, msToNextSecond(Date.now() + skew));
    return () => clearTimeout(timer);
  }, [skew, load, s.timed]);

  const claim = useCallback(async () => {
    if (!getToken()) {
      toast.warning(t('activity:claim.notLoggedIn'));
      openLogin();
      return;
    }
    patch({ claiming: true });
    const res = await claimCoupon();
    patch({ claiming: false });
    if (res.kind !== 'business') return;
    if (res.code === Code.SUCCESS) {
      const data = res.data as CouponClaim;
      toast.success(res.result);
      setS((old) => ({
        ...old,
        isDraw: true,
        leftDailyLimit: data.leftDailyLimit,
        coupons: [data.coupon, ...old.coupons],
      }));
      void loadUser();
    } else if (res.code === Code.NOT_LOGGED_IN) {
      toast.warning(t('activity:claim.notLoggedIn'));
      openLogin();
    } else if (res.code === ActivityCode.COUPON_CLAIMED && isCoupon(res.data)) {
      const coupon = res.data;
      setS((old) => ({
        ...old,
        isDraw: true,
        coupons: [coupon, ...old.coupons.filter((c) => c.code !== coupon.code)],
      }));
    } else {
      if (res.code === ActivityCode.COUPON_SOLD_OUT) patch({ leftDailyLimit: 0 });
      setWarning(res.result);
    }
  }, [patch, t]);

  return {
    state: s,
    now,
    phase: claimPhase(s, now),
    claim,
    reload: load,
    warning,
    closeWarning: () => setWarning(null),
  };
}
