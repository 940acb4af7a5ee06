/* sphere_on_plane.c: oracle mirror of Constraint::SphereOnPlaneContact (spec/sphere_on_plane.md, 1-15).
 * No branch. Decision forms: verr[0] = v_F(O) . Pz (a polynomial); slip_vec = v_F(B/C) (rolling), whose
 * projections on Px, Py are the slip rows. */
#include "internal.h"

ora_eval_status ora_sphere_on_plane_eval(ora_ws *ws, const ora_sphere_on_plane_params *prm, const ora_body *b1,
                                         const ora_body *b2, const ora_lambda *lambda, ora_decisions *d, ora_out *o)
{
    (void)d;
    ora_mark m = ws_mark(ws);
    const int rolling = prm->rolling != 0;
    ora_v3 *PzF = ws_v(ws), *Px = ws_v(ws), *Py = ws_v(ws), *Pz = ws_v(ws);
    ora_v3 *armO2 = ws_v(ws), *O = ws_v(ws), *armO1 = ws_v(ws), *rPz = ws_v(ws), *armC2 = ws_v(ws), *C = ws_v(ws);
    ora_v3 *armC1 = ws_v(ws), *vO = ws_v(ws), *aO = ws_v(ws), *t = ws_v(ws), *q = ws_v(ws), *f = ws_v(ws);
    ora_v3 *nf = ws_v(ws), *vC = ws_v(ws), *bFB = ws_v(ws), *aC = ws_v(ws), *w2 = ws_v(ws);
    mpfi_ptr h = ws_s(ws), x = ws_s(ws);
    ora_m3 *RGP = ws_m(ws);
    out_reset(o, CCREF_KIND_SPHERE_ON_PLANE, CCREF_SLOT_SOP_N, 1, rolling ? 2 : 0);

    im_column(PzF, &prm->plane_frame_in_b1.R, 2);       /* (1) */
    iv_dot(ws, h, &prm->plane_frame_in_b1.p, PzF);
    im_mul(ws, RGP, &b1->R, &prm->plane_frame_in_b1.R);/* (2) */
    im_column(Px, RGP, 0);
    im_column(Py, RGP, 1);
    im_column(Pz, RGP, 2);
    im_apply(ws, armO2, &b2->R, &prm->center_in_b2);    /* (3) */
    iv_add(O, &b2->p, armO2);
    iv_sub(armO1, O, &b1->p);
    iv_scale(rPz, prm->radius, Pz);                     /* (4) */
    iv_sub(armC2, armO2, rPz);
    iv_add(C, &b2->p, armC2);
    iv_sub(armC1, C, &b1->p);
    iv_dot(ws, o->v[CCREF_SLOT_PERR], armO1, Pz);              /* (5) perr = armO1.Pz - (h + r) */
    mpfi_add(x, h, prm->radius);
    mpfi_sub(o->v[CCREF_SLOT_PERR], o->v[CCREF_SLOT_PERR], x);
    ik_arm_velocity(ws, t, b2, armO2);                  /* (6) */
    ik_arm_velocity(ws, q, b1, armO1);
    iv_sub(vO, t, q);
    iv_dot(ws, o->v[CCREF_SLOT_VERR], vO, Pz);
    mpfi_set(o->verr0_num, o->v[CCREF_SLOT_VERR]);
    ik_arm_acceleration(ws, t, b2, armO2);              /* (7) */
    ik_arm_acceleration(ws, q, b1, armO1);
    iv_sub(aO, t, q);
    iv_mul_2si(w2, &b1->w, 1);
    iv_cross(ws, t, w2, vO);
    iv_sub(aO, aO, t);
    iv_dot(ws, o->v[CCREF_SLOT_AERR], aO, Pz);
    iv_scale(f, lambda->l[0], Pz);                      /* (8) */
    if (rolling) {
        ik_arm_velocity(ws, t, b2, armC2);              /* (9) */
        ik_arm_velocity(ws, q, b1, armC1);
        iv_sub(vC, t, q);
        iv_dot(ws, o->v[CCREF_SLOT_VERR + 1], vC, Px);
        iv_dot(ws, o->v[CCREF_SLOT_VERR + 2], vC, Py);
        iv_set(&o->slip_vec, vC);
        iv_sub(bFB, &b2->b, &b1->b);                    /* (10) */
        iv_cross(ws, t, &b1->w, &b2->w);
        iv_sub(bFB, bFB, t);
        iv_cross(ws, t, bFB, rPz);
        iv_sub(aC, aO, t);
        iv_dot(ws, o->v[CCREF_SLOT_AERR + 1], aC, Px);
        iv_dot(ws, o->v[CCREF_SLOT_AERR + 2], aC, Py);
        iv_scale(t, lambda->l[1], Px);                  /* (8) rolling: (ln Pz + lx Px) + ly Py */
        iv_add(f, f, t);
        iv_scale(t, lambda->l[2], Py);
        iv_add(f, f, t);
    }
    iv_neg(nf, f);                                      /* (11) */
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, armC2, f);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, armC1, nf);
    out_set_v3(o, CCREF_SLOT_SOP_CONTACT_POINT, C);            /* (12) */
    mpfi_set(o->v[CCREF_SLOT_SOP_SEPARATION], o->v[CCREF_SLOT_PERR]); /* (13) */
    out_set_v3(o, CCREF_SLOT_SOP_FORCE_ON_SPHERE, nf);         /* (14) */
    o->deviations = 0;                                  /* (15) */
    ws_release(ws, m);
    return ORA_EVAL_OK;
}
