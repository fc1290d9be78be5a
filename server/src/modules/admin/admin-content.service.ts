import type { AdminCoupon, GenerateCouponQuery, SantaPromptResponse } from '@santa/shared/admin';
import type { Db } from '../../db/db.ts';
import type { AdminPorts } from './admin.ports.ts';
import { presentCoupon, presentPrompt } from './admin.presenter.ts';
import * as repo from './admin.repository.ts';
import type { AdminActor } from './admin.service.ts';

/** The Santa script and coupons: the admin edits, the owning modules validate and store. */
export function createAdminContentService(db: Db, ports: Pick<AdminPorts, 'santaScript' | 'coupons'>) {
  return {
    async getPrompt(): Promise<SantaPromptResponse> {
      return presentPrompt(await ports.santaScript.getPrompt());
    },

    async savePrompt(admin: AdminActor, prompt: string): Promise<SantaPromptResponse> {
      const saved = presentPrompt(await ports.santaScript.savePrompt(prompt, admin.email));
      await repo.insertAudit(db, {
        adminEmail: admin.email,
        action: 'update_santa_prompt',
        targetUserId: null,
        details: { length: prompt.length },
      });
      return saved;
    },

    async listCoupons(): Promise<AdminCoupon[]> {
      return (await ports.coupons.listCoupons()).map(presentCoupon);
    },

    async generateCoupon(admin: AdminActor, query: GenerateCouponQuery): Promise<AdminCoupon> {
      const generated = await ports.coupons.generateCoupon({
        percent: query.discount_percent,
        type: query.discount_type,
        validDays: query.valid_days,
      });
      const coupon = presentCoupon({ ...generated, redemptions: [] });
      await repo.insertAudit(db, {
        adminEmail: admin.email,
        action: 'generate_coupon',
        targetUserId: null,
        details: {
          coupon_id: coupon.id,
          discount_percent: coupon.discount_percent,
          discount_type: coupon.discount_type,
        },
      });
      return coupon;
    },
  };
}

export type AdminContentService = ReturnType<typeof createAdminContentService>;
