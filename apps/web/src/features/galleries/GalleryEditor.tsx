import { DeleteOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { Gallery, LibraryStatus, Photo } from '@limelight/contracts';
import { Button, Card, Empty, Flex, Form, Image, Input, Pagination, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useUploads } from '../../shared/hooks/useUploads';
import { api } from '../../shared/lib/api';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { useAppDispatch } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { SavedAltText } from '../../shared/ui/AltText';
import { LibraryAccessFields } from '../../shared/ui/LibraryFields';
import { Result } from '../../shared/ui/Result';
import { accepts, UploadField } from '../../shared/ui/UploadField';
import { savedMessage } from '../moderation';
import {
  oldestFirst,
  useCreateGalleryMutation,
  useDeleteGalleryPhotoMutation,
  useGetOwnGalleryQuery,
  useListOwnGalleryPhotosQuery,
  useSetGalleryCoverMutation,
  useUpdateGalleryMutation,
} from './api';

type GalleryFormValues = { title: string; description: string; status: LibraryStatus; isSale: boolean; price: number };
const PHOTOS_PER_PAGE = 48;
const photoFile = (photo: Photo) => photo.file;

/** `/creator/galleries/new`: the gallery's details first; photos are added on the next page. */
export default function NewGalleryPage() {
  return (
    <Card className="page-narrow">
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        New gallery
      </Typography.Title>
      <GalleryForm />
    </Card>
  );
}

/** `/creator/galleries/:id`: the gallery's details, a bulk photo upload, and its photos (cover, delete). */
export function EditGalleryPage() {
  const { id = '' } = useParams();
  const { data: gallery, isLoading, isError } = useGetOwnGalleryQuery({ id });
  if (isLoading) return <Skeleton active className="page-narrow" />;
  if (isError || !gallery) {
    return <Result status="404" title="Gallery not found" extra={<Link to="/creator/galleries">Back to my galleries</Link>} />;
  }
  return (
    <Flex vertical gap={16} className="page-narrow">
      <Card>
        <Typography.Title level={1} style={{ fontSize: 28 }}>
          Edit gallery
        </Typography.Title>
        <GalleryForm gallery={gallery} />
      </Card>
      <GalleryPhotosManager gallery={gallery} />
    </Flex>
  );
}

function GalleryForm({ gallery }: { gallery?: Gallery }) {
  const [form] = Form.useForm<GalleryFormValues>();
  const [create, creating] = useCreateGalleryMutation();
  const [update, updating] = useUpdateGalleryMutation();
  const navigate = useNavigate();
  const isSale = Form.useWatch('isSale', form);

  const submit = async (values: GalleryFormValues) => {
    try {
      const body = { ...values, description: values.description ?? '', price: values.isSale ? values.price : 0 };
      const saved = await (gallery ? update({ id: gallery._id, body }) : create({ body })).unwrap();
      if (gallery) toast.success('Gallery saved');
      else {
        toast.success(savedMessage(saved, 'Gallery created: now add its photos'));
        navigate(`/creator/galleries/${saved._id}`);
      }
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error));
    }
  };

  return (
    <Form<GalleryFormValues>
      form={form}
      name="gallery"
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      initialValues={{
        title: gallery?.title ?? '',
        description: gallery?.description ?? '',
        status: gallery?.status ?? 'active',
        isSale: gallery?.isSale ?? false,
        price: gallery?.isSale ? gallery.price : 10,
      }}
    >
      <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, message: 'Enter a title' }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea rows={3} maxLength={5000} showCount />
      </Form.Item>
      <LibraryAccessFields isSale={isSale} />
      <Button type="primary" htmlType="submit" loading={creating.isLoading || updating.isLoading}>
        {gallery ? 'Save' : 'Create gallery'}
      </Button>
    </Form>
  );
}

function GalleryPhotosManager({ gallery }: { gallery: Gallery }) {
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useListOwnGalleryPhotosQuery({
    galleryId: gallery._id,
    offset: (page - 1) * PHOTOS_PER_PAGE,
    limit: PHOTOS_PER_PAGE,
    ...oldestFirst,
  });
  const [setCover] = useSetGalleryCoverMutation();
  const [deletePhoto] = useDeleteGalleryPhotoMutation();
  const uploads = useUploads({
    url: '/performer/performer-assets/photos/upload',
    field: 'photo',
    fields: { galleryId: gallery._id },
    fileOf: photoFile,
    inOrder: true,
  });

  // When a batch is done, the grid shows the new photos and the list keeps only the failures.
  const wasBusy = useRef(false);
  const { busy, items, remove } = uploads;
  useEffect(() => {
    if (wasBusy.current && !busy) {
      dispatch(api.util.invalidateTags(['Photos', 'Galleries']));
      for (const item of items) if (item.file) remove(item.uid);
    }
    wasBusy.current = busy;
  }, [busy, items, remove, dispatch]);

  const act = (action: Promise<unknown>, done: string) =>
    action.then(() => toast.success(done)).catch((error: unknown) => toast.error(errorMessage(error)));

  return (
    <Card title={`Photos (${gallery.stats.photos})`}>
      <UploadField accept={accepts.photo} multiple uploads={uploads} label="Add photos" removable={false} />
      <div style={{ marginTop: 16 }}>
        {isLoading ? (
          <Skeleton.Image active />
        ) : !data?.total ? (
          <Empty description="No photos yet: add some above. The first one becomes the cover." />
        ) : (
          <>
            <Image.PreviewGroup>
              <div className="gallery-photos">
                {data.data.map((photo, index) => (
                  <Flex key={photo._id} vertical gap={4} data-testid="gallery-photo">
                    <Image
                      src={photo.file.thumbnailUrl ?? undefined}
                      preview={{ src: photo.file.url ?? undefined }}
                      alt={photo.file.altText || photo.title || `Photo ${index + 1}`}
                    />
                    <SavedAltText file={photo.file} label={`Alt text for photo ${(page - 1) * PHOTOS_PER_PAGE + index + 1}`} />
                    <Flex gap={4} align="center">
                      {photo.isCover ? (
                        <Tag icon={<StarFilled aria-hidden />} color="gold">
                          Cover
                        </Tag>
                      ) : (
                        <Button
                          size="small"
                          type="text"
                          icon={<StarOutlined aria-hidden />}
                          onClick={() => act(setCover({ id: photo._id }).unwrap(), 'Cover changed')}
                        >
                          Make cover
                        </Button>
                      )}
                      <Popconfirm
                        title="Delete this photo?"
                        onConfirm={() => act(deletePhoto({ id: photo._id }).unwrap(), 'Photo deleted')}
                      >
                        <Button
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={`Delete photo ${index + 1}`}
                          style={{ marginInlineStart: 'auto' }}
                        />
                      </Popconfirm>
                    </Flex>
                  </Flex>
                ))}
              </div>
            </Image.PreviewGroup>
            <Pagination
              style={{ marginTop: 16 }}
              current={page}
              pageSize={PHOTOS_PER_PAGE}
              total={data.total}
              onChange={setPage}
              hideOnSinglePage
            />
          </>
        )}
      </div>
    </Card>
  );
}
