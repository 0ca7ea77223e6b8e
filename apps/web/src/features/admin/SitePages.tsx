import { UploadOutlined } from '@ant-design/icons';
import {
  type Post,
  postStatuses,
  postTypes,
  promoPositions,
  type SavePostInput,
  type SaveSitePromoInput,
  type SaveTokenPackageInput,
  type SitePromo,
  type TokenPackage,
} from '@limelight/contracts';
import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Progress, Select, Switch, Tag, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { AdminListSitePostsApiArg, AdminListSitePromosApiArg, AdminListTokenPackagesApiArg } from '../../shared/api/generated/admin';
import { listArg } from '../../shared/hooks/useTableState';
import { api } from '../../shared/lib/api';
import { formatMoment } from '../../shared/lib/dates';
import { useFormatMoney } from '../../shared/lib/money';
import { useAppDispatch } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { uploadForm } from '../../shared/lib/upload';
import { AmountInput, amountRules } from '../../shared/ui/AmountInput';
import { SearchFilter, SelectFilter } from '../../shared/ui/TableFilters';
import { AdminTable } from './AdminTable';
import {
  type ListQuery,
  useAdminCreateSitePostMutation,
  useAdminCreateSitePromoMutation,
  useAdminCreateTokenPackageMutation,
  useAdminDeleteSitePostMutation,
  useAdminDeleteSitePromoMutation,
  useAdminDeleteTokenPackageMutation,
  useAdminListSitePostsQuery,
  useAdminListSitePromosQuery,
  useAdminListTokenPackagesQuery,
  useAdminUpdateSitePostMutation,
  useAdminUpdateSitePromoMutation,
  useAdminUpdateTokenPackageMutation,
} from './site-api';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const date = (value: string) => formatMoment(value);
const required = (label: string) => [{ required: true, message: `${label} is required` }];
const useAdminPosts = (query: ListQuery) => useAdminListSitePostsQuery(listArg<AdminListSitePostsApiArg>(query));
const useAdminSitePromos = (query: ListQuery) => useAdminListSitePromosQuery(listArg<AdminListSitePromosApiArg>(query));
const useAdminTokenPackages = (query: ListQuery) => useAdminListTokenPackagesQuery(listArg<AdminListTokenPackagesApiArg>(query));

/** CMS pages and posts; a published page is at /page/{slug}. */
export function PostsAdminPage() {
  const [create] = useAdminCreateSitePostMutation();
  const [update] = useAdminUpdateSitePostMutation();
  const [remove] = useAdminDeleteSitePostMutation();
  return (
    <AdminTable<Post, Required<SavePostInput>>
      title="Pages"
      phoneColumns={['title', 'status']}
      defaultSortBy="updatedAt"
      filterNames={['q', 'type', 'status']}
      filters={(state, setFilter) => (
        <>
          <SearchFilter
            value={state.filters.q}
            onSearch={(value) => setFilter('q', value)}
            placeholder="Search title or slug"
            label="Search pages"
          />
          <SelectFilter
            value={state.filters.type}
            onChange={(value) => setFilter('type', value)}
            values={postTypes}
            placeholder="Type"
            label="Filter by type"
            width={120}
          />
          <SelectFilter
            value={state.filters.status}
            onChange={(value) => setFilter('status', value)}
            values={postStatuses}
            placeholder="Status"
            label="Filter by status"
          />
        </>
      )}
      useList={useAdminPosts}
      columns={[
        {
          title: 'Title',
          dataIndex: 'title',
          sorter: true,
          render: (title: string, row) => (row.status === 'published' ? <a href={`/page/${row.slug}`}>{title}</a> : title),
        },
        { title: 'Slug', dataIndex: 'slug' },
        { title: 'Type', dataIndex: 'type' },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: string) => <Tag color={status === 'published' ? 'success' : 'default'}>{status}</Tag>,
        },
        { title: 'Order', dataIndex: 'ordering', sorter: true },
        { title: 'Version', dataIndex: 'version' },
        { title: 'Updated', dataIndex: 'updatedAt', sorter: true, render: date },
      ]}
      editor={{
        singular: 'page',
        toForm: (row) => ({
          title: row?.title ?? '',
          slug: row?.slug ?? '',
          type: row?.type ?? 'page',
          shortDescription: row?.shortDescription ?? '',
          content: row?.content ?? '',
          status: row?.status ?? 'draft',
          ordering: row?.ordering ?? 0,
          newVersion: false,
        }),
        fields: (form) => (
          <>
            <Form.Item name="title" label="Title" rules={required('Title')}>
              <Input
                maxLength={200}
                onChange={(event) => {
                  // A new page's address follows its title until the admin edits the slug.
                  if (!form.isFieldTouched('slug')) form.setFieldValue('slug', slugify(event.target.value));
                }}
              />
            </Form.Item>
            <Form.Item name="slug" label="Slug" extra="The page's address: /page/slug" rules={required('Slug')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="type" label="Type">
              <Select options={options(postTypes)} />
            </Form.Item>
            <Form.Item name="shortDescription" label="Short description">
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
            <Form.Item name="content" label="Content (HTML)" extra="Scripts, styles and event handlers are removed when saved.">
              <Input.TextArea rows={10} />
            </Form.Item>
            <Form.Item name="status" label="Status">
              <Select options={options(postStatuses)} />
            </Form.Item>
            <Form.Item name="ordering" label="Order" extra="Lower numbers come first in menus and lists.">
              <InputNumber precision={0} />
            </Form.Item>
            <Form.Item
              name="newVersion"
              valuePropName="checked"
              extra="For the Terms (slug terms) and the Privacy policy (slug privacy): every fan and creator is asked to accept the new version at their next sign-in. Leave it off for a typo fix."
            >
              <Checkbox>Publish as a new version</Checkbox>
            </Form.Item>
          </>
        ),
        save: (id, body) => (id ? update({ id, body }) : create({ body })).unwrap(),
        remove: (id) => remove({ id }).unwrap(),
      }}
    />
  );
}

export const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

type PromoForm = Omit<Required<SaveSitePromoInput>, 'startsAt' | 'endsAt'> & { window?: [Dayjs | null, Dayjs | null] | null };

/** Banners on the home page, with their image, place, order and optional time window. */
export function SitePromosAdminPage() {
  const [create] = useAdminCreateSitePromoMutation();
  const [update] = useAdminUpdateSitePromoMutation();
  const [remove] = useAdminDeleteSitePromoMutation();
  return (
    <AdminTable<SitePromo, PromoForm>
      title="Site promos"
      phoneColumns={['title', 'status']}
      filterNames={['position', 'status']}
      defaultSortBy="ordering"
      filters={(state, setFilter) => (
        <>
          <SelectFilter
            value={state.filters.position}
            onChange={(value) => setFilter('position', value)}
            values={promoPositions}
            placeholder="Position"
            label="Filter by position"
            width={160}
          />
          <SelectFilter
            value={state.filters.status}
            onChange={(value) => setFilter('status', value)}
            values={['active', 'inactive']}
            placeholder="Status"
            label="Filter by status"
          />
        </>
      )}
      useList={useAdminSitePromos}
      columns={[
        {
          title: 'Image',
          dataIndex: 'imageUrl',
          render: (url: string | null) => (url ? <img src={url} alt="" style={{ width: 120, borderRadius: 4 }} /> : '—'),
        },
        { title: 'Title', dataIndex: 'title' },
        { title: 'Position', dataIndex: 'position' },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: string) => <Tag color={status === 'active' ? 'success' : 'default'}>{status}</Tag>,
        },
        { title: 'Order', dataIndex: 'ordering', sorter: true },
        {
          title: 'Shown',
          key: 'window',
          render: (_: unknown, row) =>
            row.startsAt || row.endsAt ? `${row.startsAt ? date(row.startsAt) : '…'} → ${row.endsAt ? date(row.endsAt) : '…'}` : 'always',
        },
      ]}
      editor={{
        singular: 'promo',
        toForm: (row) => ({
          title: row?.title ?? '',
          description: row?.description ?? '',
          href: row?.href ?? '',
          position: row?.position ?? 'home-top',
          status: row?.status ?? 'active',
          ordering: row?.ordering ?? 0,
          window: row?.startsAt || row?.endsAt ? [row.startsAt ? dayjs(row.startsAt) : null, row.endsAt ? dayjs(row.endsAt) : null] : null,
        }),
        fields: () => (
          <>
            <Form.Item name="title" label="Title" rules={required('Title')}>
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="description" label="Text">
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
            <Form.Item name="href" label="Link" extra="A page of this site (/page/about) or an https:// address; empty for none.">
              <Input maxLength={2000} />
            </Form.Item>
            <Form.Item name="position" label="Position">
              <Select options={options(promoPositions)} />
            </Form.Item>
            <Form.Item name="status" label="Status">
              <Select options={options(['active', 'inactive'])} />
            </Form.Item>
            <Form.Item name="ordering" label="Order">
              <InputNumber precision={0} />
            </Form.Item>
            <Form.Item name="window" label="Shown between" extra="Leave empty to show it while active.">
              <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
          </>
        ),
        save: (id, { window, ...values }) => {
          const body = { ...values, startsAt: window?.[0]?.toISOString() ?? null, endsAt: window?.[1]?.toISOString() ?? null };
          return (id ? update({ id, body }) : create({ body })).unwrap();
        },
        remove: (id) => remove({ id }).unwrap(),
        rowActions: (row) => <PromoImageUpload promo={row} />,
      }}
    />
  );
}

function PromoImageUpload({ promo }: { promo: SitePromo }) {
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<number>();
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('image', file);
    setProgress(0);
    try {
      await uploadForm<SitePromo>(`/admin/site-promos/${promo._id}/image`, form, setProgress);
      dispatch(api.util.invalidateTags(['SitePromos']));
      toast.success('Image updated');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setProgress(undefined);
    }
  };
  return (
    <>
      <Upload
        accept="image/jpeg,image/png,image/webp,image/gif"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button size="small" icon={<UploadOutlined aria-hidden />} loading={progress !== undefined}>
          Image
        </Button>
      </Upload>
      {progress !== undefined && <Progress percent={progress} size="small" style={{ width: 80 }} aria-label="Image upload progress" />}
    </>
  );
}

/** What fans can buy to top up their wallet. */
export function TokenPackagesAdminPage() {
  const money = useFormatMoney();
  const [create] = useAdminCreateTokenPackageMutation();
  const [update] = useAdminUpdateTokenPackageMutation();
  const [remove] = useAdminDeleteTokenPackageMutation();
  return (
    <AdminTable<TokenPackage, Required<SaveTokenPackageInput>>
      title="Token packages"
      phoneColumns={['name', 'price']}
      filterNames={['q']}
      defaultSortBy="ordering"
      filters={(state, setFilter) => (
        <SearchFilter
          value={state.filters.q}
          onSearch={(value) => setFilter('q', value)}
          placeholder="Search by name"
          label="Search packages"
        />
      )}
      useList={useAdminTokenPackages}
      columns={[
        { title: 'Name', dataIndex: 'name' },
        { title: 'Price', dataIndex: 'price', sorter: true, render: (price: number) => money(price) },
        { title: 'Tokens', dataIndex: 'tokens', render: (tokens: number) => tokens.toFixed(2) },
        {
          title: 'On sale',
          dataIndex: 'isActive',
          render: (active: boolean) => <Tag color={active ? 'success' : 'default'}>{active ? 'yes' : 'no'}</Tag>,
        },
        { title: 'Order', dataIndex: 'ordering', sorter: true },
      ]}
      editor={{
        singular: 'package',
        toForm: (row) => ({
          name: row?.name ?? '',
          description: row?.description ?? '',
          price: row?.price ?? 10,
          tokens: row?.tokens ?? 10,
          ordering: row?.ordering ?? 0,
          isActive: row?.isActive ?? true,
        }),
        fields: () => (
          <>
            <Form.Item name="name" label="Name" rules={required('Name')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="description" label="Description">
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
            <Form.Item name="price" label="Price" rules={amountRules({ what: 'A price', min: 0.01, unit: '' })}>
              <AmountInput style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="tokens" label="Tokens received" rules={amountRules({ what: 'Tokens received', min: 0.01 })}>
              <AmountInput style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="ordering" label="Order">
              <InputNumber precision={0} />
            </Form.Item>
            <Form.Item name="isActive" label="On sale" valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        ),
        save: (id, body) => (id ? update({ id, body }) : create({ body })).unwrap(),
        remove: (id) => remove({ id }).unwrap(),
      }}
    />
  );
}
