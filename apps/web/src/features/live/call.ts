import type { PrivateSignal } from '@limelight/contracts';

/** How long a side waits for its ICE candidates before sending its description anyway (TURN can be slow). */
const GATHER_MS = 3000;
/** The caller offers again this often until answered: the callee's page may open after the first offer. */
const REOFFER_MS = 2000;

/** Resolves once the connection has gathered its candidates (or after GATHER_MS). */
function gathered(pc: RTCPeerConnection) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return;
      pc.removeEventListener('icegatheringstatechange', done);
      resolve();
    };
    pc.addEventListener('icegatheringstatechange', done);
    setTimeout(resolve, GATHER_MS);
  });
}

/**
 * One side of a private show's 1:1 call. The fan calls (offers), the creator answers. Each
 * description is sent with its candidates gathered, and the caller offers again until answered,
 * so neither side's page needs to be open first and no early candidate is lost; later
 * candidates trickle.
 */
export class CallConnection {
  readonly pc: RTCPeerConnection;
  private answer: string | undefined;
  private waiting: RTCIceCandidateInit[] = [];
  private reoffer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(
    private readonly role: 'caller' | 'callee',
    iceServers: RTCIceServer[],
    local: MediaStream,
    private readonly send: (signal: PrivateSignal) => void,
  ) {
    this.pc = new RTCPeerConnection({ iceServers });
    for (const track of local.getTracks()) this.pc.addTrack(track, local);
    this.pc.addEventListener('icecandidate', (event) => {
      // Candidates found before the description left travel inside it.
      const found = event.candidate;
      if (found && this.pc.remoteDescription) {
        this.send({
          type: 'candidate',
          candidate: { candidate: found.candidate, sdpMid: found.sdpMid, sdpMLineIndex: found.sdpMLineIndex },
        });
      }
    });
    if (role === 'caller') void this.offer();
  }

  private async offer() {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await gathered(this.pc);
    const sendOffer = () => {
      if (this.closed || this.pc.remoteDescription) return clearInterval(this.reoffer);
      this.send({ type: 'offer', sdp: this.pc.localDescription?.sdp ?? '' });
    };
    sendOffer();
    this.reoffer = setInterval(sendOffer, REOFFER_MS);
  }

  /** A signal from the other party. */
  async receive(signal: PrivateSignal) {
    if (this.closed) return;
    if (signal.type === 'offer' && this.role === 'callee') {
      // The caller offers until it hears back: a repeated offer gets the same answer again.
      if (this.answer) return this.send({ type: 'answer', sdp: this.answer });
      await this.pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
      await this.pc.setLocalDescription(await this.pc.createAnswer());
      await gathered(this.pc);
      this.answer = this.pc.localDescription?.sdp ?? '';
      this.send({ type: 'answer', sdp: this.answer });
    } else if (signal.type === 'answer' && this.role === 'caller' && this.pc.signalingState === 'have-local-offer') {
      clearInterval(this.reoffer);
      await this.pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
    } else if (signal.type === 'candidate') {
      this.waiting.push(signal.candidate);
    }
    if (this.pc.remoteDescription) {
      for (const candidate of this.waiting.splice(0)) await this.pc.addIceCandidate(candidate).catch(() => undefined);
    }
  }

  close() {
    this.closed = true;
    clearInterval(this.reoffer);
    this.pc.close();
  }
}
