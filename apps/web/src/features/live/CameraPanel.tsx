import { AudioMutedOutlined, AudioOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Select, Typography } from 'antd';
import type { useCamera } from './useCamera';

type Camera = ReturnType<typeof useCamera>;

const optionsOf = (devices: MediaDeviceInfo[], noun: string) =>
  devices.map((device, index) => ({ value: device.deviceId, label: device.label || `${noun} ${index + 1}` }));

/** The studio's preview with its device pickers and mute: what fans will see and hear. */
export function CameraPanel({ camera, locked = false }: { camera: Camera; locked?: boolean }) {
  return (
    <Flex vertical gap={8}>
      <div className="live-player">
        <video
          className="studio-preview"
          aria-label="Camera preview"
          autoPlay
          muted
          playsInline
          ref={(element) => {
            if (element && camera.stream && element.srcObject !== camera.stream) element.srcObject = camera.stream;
          }}
        />
      </div>
      {camera.problem && <Alert type="warning" showIcon title={camera.problem} />}
      <Flex gap={8} wrap>
        <Select
          aria-label="Camera"
          placeholder="Camera"
          value={camera.activeCamera}
          options={optionsOf(camera.devices.cameras, 'Camera')}
          onChange={camera.setCameraId}
          disabled={locked}
          className="studio-device"
        />
        <Select
          aria-label="Microphone"
          placeholder="Microphone"
          value={camera.activeMicrophone}
          options={optionsOf(camera.devices.microphones, 'Microphone')}
          onChange={camera.setMicrophoneId}
          disabled={locked}
          className="studio-device"
        />
        <Button
          icon={camera.muted ? <AudioMutedOutlined aria-hidden /> : <AudioOutlined aria-hidden />}
          onClick={camera.toggleMute}
          aria-pressed={camera.muted}
          danger={camera.muted}
        >
          {camera.muted ? 'Unmute microphone' : 'Mute microphone'}
        </Button>
      </Flex>
      {locked && (
        <Typography.Text type="secondary" className="studio-device-hint">
          The camera and microphone stay as they are while you broadcast: end the session to change them.
        </Typography.Text>
      )}
    </Flex>
  );
}
