import { createHash } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  IMAGE_MAX_BYTES,
  OnboardingSchema,
  RegisterAccountSchema,
  UidParamsSchema,
  UpdateProfileSchema,
} from '#contracts/accounts';
import type { Services } from '../context.ts';
import { ApiError, parseInput } from '../errors.ts';
import { rateLimitStorage } from '../rate-limit-store.ts';
import { RATE_LIMITS } from '../write-limits.ts';
import {
  accountNotFound,
  deleteImage,
  getAdminStats,
  getImage,
  getProfile,
  registerAccount,
  saveImage,
  saveOnboarding,
  updateNames,
} from './accounts.ts';
import { authenticateRequests, currentUser } from './guards.ts';
import { ImageRejected, imageStore, processImage } from './images.ts';
import { SESSION_COOKIE } from './session.ts';

/**
 * Accounts, onboarding, profile pictures, the SSR session cookie and admin figures
 * (SPEC §7). Encapsulated: its cookie, rate-limit and content-type handling stay here.
 */
export const accountsPlugin: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db } = services.database;
  const apiBase = services.env.PUBLIC_API_BASE_URL;
  const images = imageStore(services.env.DATA_DIR);

  await api.register(fastifyCookie);
  // Authentication first (onRequest), so the rate limit below can key on the uid.
  authenticateRequests(api, services, (request) => request.routeOptions.config.auth);

  await api.register(rateLimit, {
    global: false,
    ...rateLimitStorage(services.database),
    hook: 'preHandler',
    keyGenerator: (request) => (request.authUser ? `uid:${request.authUser.uid}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'rate_limited', `Too many requests: try again in ${context.after}`),
  });

  // Pictures arrive as the raw body (Content-Type image/*); the bytes decide the real type.
  api.addContentTypeParser(
    /^image\/[\w.+-]+$/,
    { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  api.setErrorHandler((error, request, _reply) => {
    const code = (error as { code?: string }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Only a picture may be 4 MB; any other body (JSON) is held to the server's 1 MiB.
      if (/^image\//i.test(request.headers['content-type'] ?? '')) {
        throw new ApiError(413, 'image_too_large', `The picture must be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
      }
      throw new ApiError(413, 'body_too_large', 'The request body must be at most 1 MiB', 'body');
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new ApiError(415, 'unsupported_media_type', 'Send JSON, or a JPEG, PNG, GIF or WebP picture');
    }
    throw error; // the /api error handler answers everything else
  });

  // ─── Session cookie for server rendering (SPEC §7 token sync) ──────────────────────────
  api.post('/session', { config: { auth: 'user', rateLimit: RATE_LIMITS.session } }, async (request, reply) => {
    const token = currentUser(request);
    const maxAge = Math.max(0, token.expiresAt - Math.floor(Date.now() / 1000));
    reply.setCookie(SESSION_COOKIE, request.headers.authorization!.replace(/^Bearer\s+/i, '').trim(), {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/',
      maxAge,
    });
    return reply.status(204).send();
  });

  api.delete('/session', async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    reply.clearCookie(SESSION_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/',
    });
    return reply.status(204).send();
  });

  // ─── Accounts ─────────────────────────────────────────────────────────────────────────
  api.post('/accounts', { config: { auth: 'user', rateLimit: RATE_LIMITS.register } }, async (request, reply) => {
    const input = parseInput(RegisterAccountSchema, request.body);
    const { profile, created } = await registerAccount(db, currentUser(request), input, services.env.ADMIN_EMAILS);
    return reply.status(created ? 201 : 200).send(profile);
  });

  api.get('/accounts/me', { config: { auth: 'user' } }, async (request) => {
    const profile = await getProfile(db, currentUser(request).uid);
    if (!profile) throw accountNotFound();
    return profile;
  });

  api.patch('/accounts/me', { config: { auth: 'user', rateLimit: RATE_LIMITS.profile } }, async (request) => {
    const names = parseInput(UpdateProfileSchema, request.body);
    return updateNames(db, currentUser(request).uid, names);
  });

  api.post('/accounts/onboarding', { config: { auth: 'user', rateLimit: RATE_LIMITS.onboarding } }, async (request) => {
    const answers = parseInput(OnboardingSchema, request.body);
    return saveOnboarding(db, currentUser(request).uid, answers);
  });

  // ─── Profile picture ──────────────────────────────────────────────────────────────────
  api.put(
    '/accounts/me/image',
    { config: { auth: 'user', rateLimit: RATE_LIMITS.image }, bodyLimit: IMAGE_MAX_BYTES },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new ApiError(
          400,
          'image_missing',
          'body: send the picture as the request body with an image/* Content-Type',
          'body',
        );
      }
      let image: Awaited<ReturnType<typeof processImage>>;
      try {
        image = await processImage(body);
      } catch (error) {
        if (error instanceof ImageRejected) throw new ApiError(error.status, error.code, error.message, 'image');
        throw error;
      }
      const uid = currentUser(request).uid;
      const file = await images.put(uid, image);
      let saved: Awaited<ReturnType<typeof saveImage>>;
      try {
        saved = await saveImage(db, uid, { contentType: image.contentType, file }, apiBase);
      } catch (error) {
        await images.remove(file);
        throw error;
      }
      await images.remove(saved.replaced);
      return saved.profile;
    },
  );

  api.delete('/accounts/me/image', { config: { auth: 'user', rateLimit: RATE_LIMITS.image } }, async (request) => {
    const { profile, removed } = await deleteImage(db, currentUser(request).uid);
    await images.remove(removed);
    return profile;
  });

  api.get('/accounts/:uid/image', async (request, reply: FastifyReply) => {
    const { uid } = parseInput(UidParamsSchema, request.params, 'invalid_path');
    const image = await getImage(db, uid);
    const bytes = image?.file ? await images.get(image.file) : image?.bytes;
    if (!image || !bytes) throw new ApiError(404, 'not_found', 'No picture for this account');
    const etag = image.file
      ? `"${image.file.slice(0, 27)}"`
      : `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
    const versioned = typeof (request.query as { v?: unknown }).v === 'string';
    reply
      .header('Content-Type', image.contentType)
      .header('ETag', etag)
      .header('Last-Modified', image.updatedAt.toUTCString())
      // The URL changes with every upload (?v=…), so a versioned URL never goes stale.
      .header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox");
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(bytes);
  });

  // ─── Admin ────────────────────────────────────────────────────────────────────────────
  api.get('/admin/stats', { config: { auth: 'admin' } }, async () => getAdminStats(db));
};
