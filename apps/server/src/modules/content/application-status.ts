/** A stored application status as the contract names it (anything unknown reads as pending). */
export const applicationStatus = (status: string): 'pending' | 'approved' | 'rejected' =>
  status === 'approved' || status === 'rejected' ? status : 'pending';
