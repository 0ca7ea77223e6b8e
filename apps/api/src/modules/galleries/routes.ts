import {
  galleryBookmarkSchema,
  gallerySchema,
  gallerySearchQuerySchema,
  listQuerySchema,
  listResponseSchema,
  performerGalleryQuerySchema,
  photoQuerySchema,
  photoSchema,
  saveGallerySchema,
  updatePhotoSchema,
  uploadPhotoFieldsSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { multipartForm } from '../../platform/uploads';
import { requirePerformer } from '../access';
import * as galleriesService from './service';

const idParams = z.object({ id: z.uuid('must be an id') });
const message = z.object({ message: z.string() });

/** Galleries and their photos (spec 7, Galleries and Photos). */
export const galleriesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const creatorOnly = { preHandler: requirePerformer };

    app.post(
      '/performer/performer-assets/galleries',
      {
        ...creatorOnly,
        schema: {
          tags: ['galleries'],
          summary: 'Create a gallery as the signed-in creator',
          operationId: 'createGallery',
          body: saveGallerySchema,
          response: { 200: gallerySchema },
        },
      },
      async (request) => galleriesService.createGallery(deps, sessionOf(request).user, request.body),
    );
    app.get(
      '/performer/performer-assets/galleries/search',
      {
        ...creatorOnly,
        schema: {
          tags: ['galleries'],
          summary: "List the signed-in creator's galleries",
          operationId: 'listOwnGalleries',
          querystring: performerGalleryQuerySchema,
          response: { 200: listResponseSchema(gallerySchema) },
        },
      },
      async (request) => galleriesService.performerGalleries(deps, sessionOf(request).user, request.query),
    );
    app.put(
      '/performer/performer-assets/galleries/:id',
      {
        ...creatorOnly,
        schema: {
          tags: ['galleries'],
          summary: "Update one of the signed-in creator's galleries",
          operationId: 'updateGallery',
          params: idParams,
          body: saveGallerySchema,
          response: { 200: gallerySchema },
        },
      },
      async (request) => galleriesService.updateGallery(deps, sessionOf(request).user, request.params.id, request.body),
    );
    app.delete(
      '/performer/performer-assets/galleries/:id',
      {
        ...creatorOnly,
        schema: {
          tags: ['galleries'],
          summary: "Delete one of the signed-in creator's galleries",
          operationId: 'deleteGallery',
          params: idParams,
          response: { 200: message },
        },
      },
      async (request) => {
        await galleriesService.deleteGallery(deps, sessionOf(request).user, request.params.id);
        return { message: 'Gallery deleted' };
      },
    );
    app.get(
      '/performer/performer-assets/galleries/:id/view',
      {
        ...creatorOnly,
        schema: {
          tags: ['galleries'],
          summary: "Get one of the signed-in creator's galleries",
          operationId: 'getOwnGallery',
          params: idParams,
          response: { 200: gallerySchema },
        },
      },
      async (request) => galleriesService.ownGallery(deps, sessionOf(request).user, request.params.id),
    );

    app.get(
      '/performer-assets/galleries/search',
      {
        schema: {
          tags: ['galleries'],
          summary: "Search galleries, optionally one creator's",
          operationId: 'searchGalleries',
          querystring: gallerySearchQuerySchema,
          response: { 200: listResponseSchema(gallerySchema) },
        },
      },
      async (request) => galleriesService.searchGalleries(deps, request.session?.user, request.query),
    );
    app.get(
      '/performer-assets/galleries/:id',
      {
        schema: {
          tags: ['galleries'],
          summary: 'Get a gallery as the viewer sees it',
          operationId: 'getGallery',
          params: idParams,
          response: { 200: gallerySchema },
        },
      },
      async (request) => galleriesService.galleryForViewer(deps, request.session?.user, request.params.id),
    );
    app.post(
      '/performer-assets/galleries/:id/view',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['galleries'],
          summary: "Count a view of a gallery's page",
          operationId: 'addGalleryView',
          params: idParams,
          response: { 200: z.object({ views: z.number().int() }) },
        },
      },
      async (request) => galleriesService.addView(deps, request.session?.user, request.params.id),
    );

    app.post(
      '/performer/performer-assets/photos/upload',
      {
        ...creatorOnly,
        schema: {
          tags: ['photos'],
          summary: "Upload a photo into one of the signed-in creator's galleries",
          operationId: 'uploadGalleryPhoto',
          description: 'Multipart: the picture under the field name photo, with galleryId and an optional title.',
          ...multipartForm({ photo: { accepts: 'image', required: true } }, uploadPhotoFieldsSchema),
          response: { 200: photoSchema },
        },
      },
      async (request) => galleriesService.uploadPhoto(deps, sessionOf(request).user, request),
    );
    app.get(
      '/performer/performer-assets/photos/search',
      {
        ...creatorOnly,
        schema: {
          tags: ['photos'],
          summary: "List the photos of one of the signed-in creator's galleries",
          operationId: 'listOwnGalleryPhotos',
          querystring: photoQuerySchema,
          response: { 200: listResponseSchema(photoSchema) },
        },
      },
      async (request) => galleriesService.galleryPhotos(deps, sessionOf(request).user, request.query, true),
    );
    app.put(
      '/performer/performer-assets/photos/:id',
      {
        ...creatorOnly,
        schema: {
          tags: ['photos'],
          summary: "Rename one of the signed-in creator's gallery photos",
          operationId: 'updateGalleryPhoto',
          params: idParams,
          body: updatePhotoSchema,
          response: { 200: photoSchema },
        },
      },
      async (request) => galleriesService.updatePhoto(deps, sessionOf(request).user, request.params.id, request.body.title),
    );
    app.delete(
      '/performer/performer-assets/photos/:id',
      {
        ...creatorOnly,
        schema: {
          tags: ['photos'],
          summary: "Delete one of the signed-in creator's gallery photos",
          operationId: 'deleteGalleryPhoto',
          params: idParams,
          response: { 200: message },
        },
      },
      async (request) => {
        await galleriesService.deletePhoto(deps, sessionOf(request).user, request.params.id);
        return { message: 'Photo deleted' };
      },
    );
    app.post(
      '/performer/performer-assets/photos/set-cover/:id',
      {
        ...creatorOnly,
        schema: {
          tags: ['photos'],
          summary: "Make a photo its gallery's cover",
          operationId: 'setGalleryCover',
          params: idParams,
          response: { 200: gallerySchema },
        },
      },
      async (request) => galleriesService.setCover(deps, sessionOf(request).user, request.params.id),
    );
    app.get(
      '/performer-assets/photos',
      {
        schema: {
          tags: ['photos'],
          summary: "List a gallery's photos as the viewer may see them",
          operationId: 'listGalleryPhotos',
          querystring: photoQuerySchema,
          response: { 200: listResponseSchema(photoSchema) },
        },
      },
      async (request) => galleriesService.galleryPhotos(deps, request.session?.user, request.query),
    );

    app.get(
      '/performer-assets/photos/:performerId',
      {
        schema: {
          tags: ['photos'],
          summary: "List a creator's photos across their galleries",
          operationId: 'listCreatorPhotos',
          description: "A creator's photos across their galleries, newest first.",
          params: z.object({ performerId: z.uuid('must be an id') }),
          querystring: listQuerySchema(['createdAt']),
          response: { 200: listResponseSchema(photoSchema) },
        },
      },
      async (request) => galleriesService.performerPhotos(deps, request.session?.user, request.params.performerId, request.query),
    );

    app.get(
      '/reactions/galleries/bookmark',
      {
        preHandler: requireUser,
        schema: {
          tags: ['reactions'],
          summary: 'List the galleries the signed-in user bookmarked',
          operationId: 'listBookmarkedGalleries',
          querystring: listQuerySchema(['createdAt']),
          response: { 200: listResponseSchema(galleryBookmarkSchema) },
        },
      },
      async (request) => galleriesService.bookmarkedGalleries(deps, sessionOf(request).user, request.query),
    );
  };
