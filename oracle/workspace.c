/* workspace.c: the temporaries of one working precision (internal.h: struct ora_ws), created once and reused by
 * every evaluation, and the kind case and kernel outputs a contact class evaluates its kernel with. */
#include "internal.h"

ora_ws *ora_ws_new(mpfr_prec_t prec)
{
    ora_ws *ws = malloc(sizeof *ws);
    if (ws == NULL)
        return NULL;
    ws->prec = prec;
    ws->nv = ws->ns = ws->nm = 0;
    for (int i = 0; i < ORA_WS_MATS; i++)
        im_init(&ws->M[i], prec);
    for (int i = 0; i < ORA_WS_VECS; i++)
        ora_v3_init(&ws->V[i], prec);
    for (int i = 0; i < ORA_WS_SCAL; i++)
        s_init(ws->S[i], prec);
    s_init(ws->t, prec);
    for (int k = 0; k < CCREF_KIND_COUNT; k++)
        ws->kcase[k] = NULL;
    ws->kout = NULL;
    return ws;
}

void ora_ws_free(ora_ws *ws)
{
    if (ws == NULL)
        return;
    for (int i = 0; i < ORA_WS_VECS; i++)
        ora_v3_clear(&ws->V[i]);
    for (int i = 0; i < ORA_WS_SCAL; i++)
        mpfi_clear(ws->S[i]);
    for (int i = 0; i < ORA_WS_MATS; i++)
        im_clear(&ws->M[i]);
    mpfi_clear(ws->t);
    for (int k = 0; k < CCREF_KIND_COUNT; k++)
        if (ws->kcase[k] != NULL) {
            ora_case_clear(ws->kcase[k]);
            free(ws->kcase[k]);
        }
    if (ws->kout != NULL) {
        ora_out_clear(ws->kout);
        free(ws->kout);
    }
    free(ws);
}

mpfr_prec_t ora_ws_prec(const ora_ws *ws) { return ws->prec; }

ora_case *ws_kcase(ora_ws *ws, ccref_kind kind)
{
    if (ws->kcase[kind] == NULL) {
        ws->kcase[kind] = malloc(sizeof(ora_case));
        if (ws->kcase[kind] == NULL)
            abort();
        ora_case_init(ws->kcase[kind], kind, ws->prec);
    }
    return ws->kcase[kind];
}

ora_out *ws_kout(ora_ws *ws)
{
    if (ws->kout == NULL) {
        ws->kout = malloc(sizeof(ora_out));
        if (ws->kout == NULL)
            abort();
        ora_out_init(ws->kout, ws->prec);
    }
    return ws->kout;
}
