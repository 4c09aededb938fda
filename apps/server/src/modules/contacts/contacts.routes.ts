import {
  contactAttributeSchema,
  contactAttributesResponseSchema,
  contactDetailSchema,
  contactIdParamsSchema,
  contactImportParamsSchema,
  contactImportPreviewSchema,
  contactImportSchema,
  contactSchema,
  contactSettingsSchema,
  contactsQuerySchema,
  contactsResponseSchema,
  contactsSearchSchema,
  createContactAttributeSchema,
  maxContactImportCharacters,
  startContactImportSchema,
  updateContactSchema,
  uploadContactImportSchema,
  upsertContactSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { access, actorOf } from '../../http/access.js';
import { pageOf, pageReply } from '../../http/cursor-paging.js';
import { getContactSettings, updateContactSettings } from './contact-fatigue.service.js';
import {
  getContactImport,
  retryContactImport,
  startContactImport,
  uploadContactImport,
} from './contact-imports.service.js';
import {
  contactsCursorKey,
  createContactAttribute,
  getContact,
  listContactAttributes,
  listContacts,
  listContactsPage,
  updateContact,
  upsertContact,
} from './contacts.service.js';

/**
 * The contacts directory (docs/decisions/038-contacts.md): any member and any API key read it;
 * editors, admins and read-write keys change it (the Contacts area of http/route-rules.ts).
 */
export const contactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['contacts'];

  app.get(
    '/contacts',
    {
      config: {
        access: access.workspace('read'),
        v1: {
          area: 'contacts',
          operationId: 'listContacts',
          summary: 'Contacts, newest first, searched by e-mail address, phone number or name',
          list: { items: 'contacts', item: contactSchema, query: contactsSearchSchema },
        },
      },
      schema: {
        tags,
        summary: 'Contacts, newest first, searched by e-mail address, phone number or name',
        querystring: contactsQuerySchema,
        response: { 200: contactsResponseSchema },
      },
    },
    async (request) => {
      const page = pageOf(request, contactsCursorKey);
      if (page) return pageReply(await listContactsPage(ctx, actorOf(request), request.query, page));
      return listContacts(ctx, actorOf(request), request.query);
    },
  );

  app.post(
    '/contacts',
    {
      config: {
        access: access.workspace('write'),
        v1: {
          area: 'contacts',
          operationId: 'upsertContact',
          summary:
            'Create a contact, or update the one with this e-mail address or phone number (201 created, 200 updated)',
        },
      },
      schema: {
        tags,
        summary: 'Create a contact, or update the one with this e-mail address or phone number',
        body: upsertContactSchema,
        response: { 200: contactSchema, 201: contactSchema },
      },
    },
    async (request, reply) => {
      const { contact, isNew } = await upsertContact(ctx, actorOf(request), request.body);
      return reply.status(isNew ? 201 : 200).send(contact);
    },
  );

  app.get(
    '/contacts/attributes',
    {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        summary: "The workspace's contact attributes",
        response: { 200: contactAttributesResponseSchema },
      },
    },
    async (request) => listContactAttributes(ctx, actorOf(request)),
  );

  app.post(
    '/contacts/attributes',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: 'Add a typed contact attribute',
        body: createContactAttributeSchema,
        response: { 201: contactAttributeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createContactAttribute(ctx, actorOf(request), request.body)),
  );

  app.get(
    '/contacts/:id',
    {
      config: {
        access: access.workspace('read'),
        v1: {
          area: 'contacts',
          operationId: 'getContact',
          summary: 'A contact with their surveys, answers, scores, cases and suppression',
        },
      },
      schema: {
        tags,
        summary: 'A contact with their surveys, answers, scores, cases and suppression',
        params: contactIdParamsSchema,
        response: { 200: contactDetailSchema },
      },
    },
    async (request) => getContact(ctx, actorOf(request), request.params.id),
  );

  app.patch(
    '/contacts/:id',
    {
      config: {
        access: access.workspace('write'),
        v1: {
          area: 'contacts',
          operationId: 'updateContact',
          summary: "Change a contact's fields (attributes merge; null clears)",
        },
      },
      schema: {
        tags,
        summary: "Change a contact's fields (attributes merge; null clears)",
        params: contactIdParamsSchema,
        body: updateContactSchema,
        response: { 200: contactSchema },
      },
    },
    async (request) => updateContact(ctx, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/contacts/imports',
    {
      // JSON escaping can double a file's size.
      bodyLimit: 2 * maxContactImportCharacters + 1024,
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: 'Upload a CSV file of contacts: answers a preview and a suggested column mapping',
        body: uploadContactImportSchema,
        response: { 201: contactImportPreviewSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await uploadContactImport(ctx, actorOf(request), request.body)),
  );

  app.get(
    '/contacts/imports/:importId',
    {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        summary: "An import's progress and its report of rejected rows",
        params: contactImportParamsSchema,
        response: { 200: contactImportSchema },
      },
    },
    async (request) => getContactImport(ctx, actorOf(request), request.params.importId),
  );

  app.post(
    '/contacts/imports/:importId/start',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: 'Start an uploaded import with a mapping of its columns to contact fields and attributes',
        params: contactImportParamsSchema,
        body: startContactImportSchema,
        response: { 202: contactImportSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await startContactImport(ctx, actorOf(request), request.params.importId, request.body)),
  );

  app.post(
    '/contacts/imports/:importId/retry',
    {
      config: { access: access.workspace('write') },
      schema: {
        tags,
        summary: 'Run a failed import again from the rows it had written (decision 047)',
        params: contactImportParamsSchema,
        response: { 202: contactImportSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await retryContactImport(ctx, actorOf(request), request.params.importId)),
  );

  // The fatigue rule is the workspace's: members and keys read it, admins change it.
  app.get(
    '/workspace/contact-settings',
    {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        summary: "The workspace's fatigue rule: at most one survey per contact in this many days",
        response: { 200: contactSettingsSchema },
      },
    },
    async (request) => getContactSettings(ctx, actorOf(request)),
  );

  app.put(
    '/workspace/contact-settings',
    {
      config: { access: access.member('admin') },
      schema: {
        tags,
        summary: 'Change the fatigue rule (admins; 0 days: no limit)',
        body: contactSettingsSchema,
        response: { 200: contactSettingsSchema },
      },
    },
    async (request) => updateContactSettings(ctx, actorOf(request), request.body),
  );
};
