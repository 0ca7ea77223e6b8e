import {
  type LibraryStatus,
  MAX_PRODUCT_IMAGES,
  MAX_VIDEO_UPLOAD_BYTES,
  PRODUCT_PRICE_LIMITS,
  type Product,
  type ProductType,
  productTypes,
  saveProductSchema,
} from '@limelight/contracts';
import { Button, Card, Form, Input, InputNumber, Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../shared/lib/api';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { formatTokens } from '../../shared/lib/money';
import { useAppDispatch } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { uploadForm } from '../../shared/lib/upload';
import { zodRule } from '../../shared/lib/zod-rule';
import { AltTextFields, useAltTexts } from '../../shared/ui/AltText';
import { AmountInput, amountRules } from '../../shared/ui/AmountInput';
import { libraryStatusLabels } from '../../shared/ui/LibraryCard';
import { PageTitle } from '../../shared/ui/PageTitle';
import { Result } from '../../shared/ui/Result';
import { savedMessage } from '../moderation';
import { useGetCreatorProductQuery } from './api';
import { type ChosenFiles, DigitalFilePicker, ImagesPicker } from './ProductFiles';
import { productTypeLabels } from './shop-rules';

type ProductFormValues = { name: string; description: string; type: ProductType; price: number; stock?: number; status: LibraryStatus };

const PRICE_LIMITS = { what: 'A price', ...PRODUCT_PRICE_LIMITS, format: formatTokens };
const { name: nameSchema, description: descriptionSchema, stock: stockSchema } = saveProductSchema.shape;

/** `/creator/products/new`. */
export default function NewProductPage() {
  return <ProductForm />;
}

/** `/creator/products/:id/edit`. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const { data: product, isLoading, isError } = useGetCreatorProductQuery({ id });
  if (isLoading) return <Skeleton active className="page-narrow" />;
  if (isError || !product) {
    return <Result status="404" title="Product not found" extra={<Link to="/creator/products">Back to my products</Link>} />;
  }
  return <ProductForm product={product} />;
}

/**
 * The fields and every chosen file travel in one multipart request; each file's bar follows its
 * share of it. A product keeps its type once created (orders already placed depend on it).
 */
function ProductForm({ product }: { product?: Product }) {
  const [form] = Form.useForm<ProductFormValues>();
  const [images, setImages] = useState<File[]>([]);
  const [digitalFile, setDigitalFile] = useState<File>();
  const [progress, setProgress] = useState<number>();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const type = Form.useWatch('type', form) ?? product?.type ?? 'physical';
  // The pictures a product keeps can be described; new ones once they are saved.
  const altTexts = useAltTexts();
  const keptImages = images.length ? [] : (product?.images ?? []);

  const submit = async (values: ProductFormValues) => {
    if (type === 'digital' && !product && !digitalFile) return toast.error('Choose the file your buyers download');
    const body = new FormData();
    body.append('name', values.name);
    body.append('description', values.description ?? '');
    body.append('type', values.type);
    body.append('price', String(values.price));
    body.append('status', values.status);
    if (values.type === 'physical') body.append('stock', String(values.stock));
    for (const image of images) body.append('images', image);
    if (values.type === 'digital' && digitalFile) body.append('digitalFile', digitalFile);
    setProgress(0);
    try {
      await altTexts.save(keptImages);
      const url = product ? `/performer/performer-assets/products/${product._id}` : '/performer/performer-assets/products';
      const saved = await uploadForm<Product>(url, body, setProgress, product ? 'PUT' : 'POST');
      dispatch(api.util.invalidateTags(['Products']));
      toast.success(savedMessage(saved, product ? 'Product saved' : 'Product created'));
      navigate('/creator/products');
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error));
    } finally {
      setProgress(undefined);
    }
  };

  const uploading: ChosenFiles = { images, digitalFile: type === 'digital' ? digitalFile : undefined, progress };

  return (
    <Card className="page-narrow">
      <PageTitle>{product ? 'Edit product' : 'New product'}</PageTitle>
      <Form<ProductFormValues>
        form={form}
        name="product"
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{
          name: product?.name ?? '',
          description: product?.description ?? '',
          type: product?.type ?? 'physical',
          price: product?.price ?? 10,
          stock: product?.stock ?? 1,
          status: product?.status ?? 'active',
        }}
      >
        <Form.Item
          name="name"
          label="Name"
          // One message for an empty name, not the same refusal twice.
          validateFirst
          rules={[{ required: true, whitespace: true, message: 'Enter a name' }, zodRule(nameSchema, 'Name')]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="description" label="Description" rules={[zodRule(descriptionSchema, 'Description')]}>
          <Input.TextArea rows={4} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item
          name="type"
          label="Type"
          extra={product ? 'A product keeps its type: orders already placed depend on it.' : 'It cannot change once created.'}
        >
          <Radio.Group
            optionType="button"
            disabled={!!product}
            options={productTypes.map((value) => ({ value, label: productTypeLabels[value] }))}
          />
        </Form.Item>
        <Form.Item
          name="price"
          label="Price (tokens)"
          extra={`From ${formatTokens(PRODUCT_PRICE_LIMITS.min)} to ${formatTokens(PRODUCT_PRICE_LIMITS.max)}`}
          rules={amountRules(PRICE_LIMITS)}
        >
          <AmountInput />
        </Form.Item>
        {type === 'physical' && (
          <Form.Item
            name="stock"
            label="In stock"
            extra="How many you can send; each order takes its quantity."
            rules={[{ required: true, message: 'Say how many are in stock' }, zodRule(stockSchema, 'Stock')]}
          >
            {/* No min or max: a count out of range is refused with the reason, never changed. */}
            <InputNumber<number> />
          </Form.Item>
        )}
        <Form.Item name="status" label="Visibility">
          <Radio.Group
            optionType="button"
            options={(['active', 'draft', 'inactive'] as const).map((value) => ({ value, label: libraryStatusLabels[value] }))}
          />
        </Form.Item>
        <ImagesPicker current={product?.images ?? []} chosen={images} onChange={setImages} max={MAX_PRODUCT_IMAGES} progress={uploading} />
        <AltTextFields files={keptImages} altTexts={altTexts} noun="picture" />
        {type === 'digital' && (
          <DigitalFilePicker
            hasCurrent={!!product?.hasDigitalFile}
            chosen={digitalFile}
            onChange={setDigitalFile}
            maxBytes={MAX_VIDEO_UPLOAD_BYTES}
            progress={uploading}
          />
        )}
        <Button type="primary" htmlType="submit" loading={progress !== undefined}>
          {product ? 'Save' : 'Create product'}
        </Button>
      </Form>
    </Card>
  );
}
